#version 330 core
// Colors each cell of the grid by its category (an 8-bit texel) through a small palette: the
// colormap lives here, so the grid uploads once and recolors for free.

in vec2 v_uv;
uniform sampler2D u_cells;     // R8: category (0-15) / 255
uniform vec4 u_palette[16];
out vec4 out_color;

void main() {
  int category = int(texture(u_cells, v_uv).r * 255.0 + 0.5);
  out_color = u_palette[clamp(category, 0, 15)];
}
