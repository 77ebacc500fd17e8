#version 330 core
// One textured rectangle: a grid of cells (a texel each) stretched over a screen rect.

layout(location = 0) in vec2 a_corner;  // (0,0) (1,0) (0,1) (1,1)

uniform vec4 u_rect;  // min.xy, max.xy in display pixels
uniform vec2 u_display_pos;
uniform vec2 u_display_size;

out vec2 v_uv;

void main() {
  vec2 p = mix(u_rect.xy, u_rect.zw, a_corner);
  v_uv = a_corner;
  vec2 ndc = (p - u_display_pos) / u_display_size * 2.0 - 1.0;
  gl_Position = vec4(ndc.x, -ndc.y, 0.0, 1.0);
}
