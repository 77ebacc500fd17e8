// Key presses kept until the frame's shortcuts have seen them. Dear ImGui 1.86 counts a key as
// pressed only if it is still down when a frame begins, so a tap shorter than a frame (a quick
// press while software OpenGL draws a frame in 100 ms, or xdotool's 12 ms taps) was lost. The
// latch's GLFW key callback runs before ImGui's, which chains to it.
#pragma once

struct GLFWwindow;

namespace wl {

// Before ImGui installs its callbacks (ImGuiLayer::init), which call the one installed here.
void install_key_latch(GLFWwindow* window);
// Whether `key` (a GLFW key code) went down since the last clear_key_presses().
bool key_pressed_since_last_frame(int key);
void clear_key_presses();

}  // namespace wl
