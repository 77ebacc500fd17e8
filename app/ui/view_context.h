// What a view window draws from: one side's session, the step shown, the renderer, and where
// to record probe points (screenshot tests).
#pragma once
#include <string>

#include "app_state.h"
#include "core/step.h"
#include "probe_log.h"
#include "render/gl_renderer.h"

namespace wl::ui {

struct ViewContext {
  AppState& app;
  Session& session;
  int side = 0;  // 0 left / only, 1 right
  GlRenderer& gl;
  StepId step = level_step(0);
  const ViewDecl* view = nullptr;  // the view being drawn

  // The view's own model (ViewDecl::build): the view area draws a view once it is built.
  template <class M>
  const M* model() const {
    return view ? model_as<M>(session.view_model(*view, app.wait_for_models)) : nullptr;
  }

  TreeCamera& camera() { return app.cameras[side]; }
  // Probe group names: "<view>.<side>.<what>", side "left" or "right".
  std::string probe_name(const char* view, const char* what) const {
    return std::string(view) + (side == 0 ? ".left." : ".right.") + what;
  }
  void probe(const char* view, const char* what, float x, float y) const {
    if (app.probes) app.probes->add(probe_name(view, what), x, y);
  }
  void probe_touch(const char* view, const char* what) const {
    if (app.probes) app.probes->touch(probe_name(view, what));
  }
};

}  // namespace wl::ui
