#version 330 core
// Instanced shapes for views with many cells: one instance per rounded box or thick line
// segment, expanded here to a quad (core-profile GL draws no wide lines). Coordinates are
// ImGui display pixels, mapped like ImGui's own projection.

layout(location = 0) in vec2 a_corner;  // per vertex: (0,0) (1,0) (0,1) (1,1)
layout(location = 1) in vec4 a_geom;    // box: min.xy, max.xy; segment: from.xy, to.xy
layout(location = 2) in vec4 a_params;  // x: 0 box / 1 segment; y: corner radius / half width;
                                        // z: border width; w: dash length (0: solid)
layout(location = 3) in vec4 a_fill;
layout(location = 4) in vec4 a_stroke;

uniform vec2 u_display_pos;
uniform vec2 u_display_size;

out vec2 v_local;        // box: from its center; segment: (along, across)
out vec2 v_half;         // box: half size; segment: (length, half width)
flat out vec4 v_params;
out vec4 v_fill;
out vec4 v_stroke;

const float kMargin = 1.0;  // room for the antialiased edge

void main() {
  vec2 p;
  if (a_params.x < 0.5) {
    vec2 lo = a_geom.xy - kMargin;
    vec2 hi = a_geom.zw + kMargin;
    p = mix(lo, hi, a_corner);
    v_half = (a_geom.zw - a_geom.xy) * 0.5;
    v_local = p - (a_geom.xy + a_geom.zw) * 0.5;
  } else {
    vec2 d = a_geom.zw - a_geom.xy;
    float len = max(length(d), 1e-3);
    vec2 t = d / len;
    vec2 n = vec2(-t.y, t.x);
    float along = a_corner.x * len;
    float across = (a_corner.y * 2.0 - 1.0) * (a_params.y + kMargin);
    p = a_geom.xy + t * along + n * across;
    v_half = vec2(len, a_params.y);
    v_local = vec2(along, across);
  }
  v_params = a_params;
  v_fill = a_fill;
  v_stroke = a_stroke;
  vec2 ndc = (p - u_display_pos) / u_display_size * 2.0 - 1.0;
  gl_Position = vec4(ndc.x, -ndc.y, 0.0, 1.0);
}
