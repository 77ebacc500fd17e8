#include "platform/key_latch.h"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <bitset>

namespace wl {
namespace {

std::bitset<GLFW_KEY_LAST + 1> presses;  // the GUI runs on one thread

void on_key(GLFWwindow*, int key, int, int action, int) {
  if (action == GLFW_PRESS && key >= 0 && key <= GLFW_KEY_LAST) presses.set(std::size_t(key));
}

}  // namespace

void install_key_latch(GLFWwindow* window) { glfwSetKeyCallback(window, on_key); }

bool key_pressed_since_last_frame(int key) {
  return key >= 0 && key <= GLFW_KEY_LAST && presses.test(std::size_t(key));
}

void clear_key_presses() { presses.reset(); }

}  // namespace wl
