#version 330 core
// Rounded boxes with an optional border, and thick, optionally dashed, segments: signed
// distances give a one-pixel antialiased edge.

in vec2 v_local;
in vec2 v_half;
flat in vec4 v_params;
in vec4 v_fill;
in vec4 v_stroke;

out vec4 out_color;

void main() {
  if (v_params.x < 0.5) {
    float r = min(v_params.y, min(v_half.x, v_half.y));
    vec2 q = abs(v_local) - v_half + r;
    float d = length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - r;  // < 0 inside
    float coverage = clamp(0.5 - d, 0.0, 1.0);
    vec4 color = v_fill;
    if (v_params.z > 0.0) color = mix(v_fill, v_stroke, clamp(d + v_params.z + 0.5, 0.0, 1.0));
    out_color = vec4(color.rgb, color.a * coverage);
  } else {
    if (v_params.w > 0.0 && mod(v_local.x, 2.0 * v_params.w) > v_params.w) discard;
    float d = abs(v_local.y) - v_half.y;
    float coverage = clamp(0.5 - d, 0.0, 1.0);
    out_color = vec4(v_fill.rgb, v_fill.a * coverage);
  }
}
