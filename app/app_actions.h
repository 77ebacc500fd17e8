// What keys, menus and lessons do to the app state, without any drawing: so the same actions
// serve the GUI, the command line (--view, --level, ...) and tests.
#pragma once
#include <string>
#include <vector>

#include "app_state.h"

namespace wl {

class Family;

// Polls both sessions' runners; refreshes the steps playback walks. Call once per frame.
void update_sessions(AppState& state);
// --lab: runs the learner's file again when it was saved since it was last seen (a stat a call;
// call once per frame). A file that does not build leaves the last good run on screen.
void watch_lab_file(AppState& state);
// --program: runs the program again when one of its files was saved.
void watch_program_files(AppState& state);
// Blocks until both sessions' runs are done (headless screenshots, benchmarks).
void finish_sessions(AppState& state);

// The rows the view shown plays through where they are its own (ViewDecl::playback_rows: a
// pipelined all-reduce's rounds), by name; empty where playback walks the traces' steps.
// `wait`: build the view's model now if it is not yet (headless: finish_sessions).
std::vector<std::string> view_playback_rows(AppState& state, bool wait = false);
// Points playback at those rows, or back at the steps, as the view shown asks. Once a frame.
void follow_view_rows(AppState& state);

// The views shown for sessions[0]'s family and run, with their keys (view_tabs); and the view
// shown, put back on the family's default when it is not among them (not while a run is on its
// way: a lesson's view waits for the run that has it).
std::vector<ViewTab> shown_views(const AppState& state);
void keep_view_shown(AppState& state);

// Runs sessions[0]; in compare mode also sessions[1] with the same input and its own variant.
void run_sessions(AppState& state);

std::string compare_partner_of(const RunRequest& request);  // the family's partner for its variant

// Another family: its first variant that is not a pitfall, and its first operator and type
// where the old ones do not apply; the family's parameters start from their defaults.
void switch_family(RunRequest& request, const Family& family);

// Compare mode on or off. Turning it on with no second variant picks the family's classic
// partner (Family::compare_partner: for reduce, sequential, or interleaved-divergent for
// sequential).
void set_compare(AppState& state, bool on);
void toggle_compare(AppState& state);
// A family's comparison in one click (FamilyShowcase::comparisons): both variants side by side
// on the same input, the views on the preset's view and step, from whatever family was shown.
void show_comparison(AppState& state, const std::string& family, const ComparisonPreset& preset);

// Tab: the next variant (registry order) that supports the current block size.
void next_variant(AppState& state);

// Lessons: open a file (errors go to state.banner), apply the current slide, move between them.
bool open_lesson(AppState& state, const std::string& path);
void apply_lesson_slide(AppState& state);
void next_slide(AppState& state);
void previous_slide(AppState& state);

// The second session follows the first's input: everything but the variant.
void mirror_input(AppState& state);

}  // namespace wl
