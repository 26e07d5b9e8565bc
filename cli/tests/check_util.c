/* hotgrind: unit tests of the helpers under the commands' outputs: the
   index table (util/index-table.c), the JSON writer (render/json.c), the
   matching of lines by text (compare/line-diff.c), the frames of flame
   graphs (render/flamegraph.c), the fitting of tables to a width and
   markdown code spans (render/text.c), fractions (util/number.c) and
   well-formed UTF-8 (util/utf8.c).  GPL-2.0-or-later; part of hotgrind. */

/* Every expected value below is worked out by hand from the rules the
   headers state; the comment above each says how. */

#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_common.h"
#include "compare/line-diff.h"
#include "history/pages.h"
#include "render/export.h"
#include "render/flamegraph.h"
#include "render/json.h"
#include "render/text.h"
#include "util/index-table.h"
#include "util/number.h"
#include "util/utf8.h"

/* What a function wrote to a stream, as one string the caller frees. */
struct captured {
    FILE *out;
    char *text;
    size_t size;
};

static FILE *capture(struct captured *c)
{
    c->text = NULL;
    c->size = 0;
    c->out = open_memstream(&c->text, &c->size);
    ck_assert_ptr_nonnull(c->out);
    return c->out;
}

static void expect_captured(struct captured *c, const char *want)
{
    ck_assert_int_eq(fclose(c->out), 0);
    ck_assert_str_eq(c->text, want);
    free(c->text);
}

/* ---------------------------------------------------------- index table */

/* Items whose hash the test chooses, to place them in known slots. */
struct hashed {
    size_t hash;
    int key;
};

static size_t hashed_hash(const void *items, size_t i)
{
    return ((const struct hashed *)items)[i].hash;
}

static bool hashed_is_key(const void *items, size_t i, const void *key)
{
    return ((const struct hashed *)items)[i].key == *(const int *)key;
}

/* Adds item COUNT of ITEMS as a caller does: reserve, find, store. */
static void add_item(struct index_table *t, const struct hashed *items,
                     size_t count)
{
    size_t *slot;
    index_table_reserve(t, count, hashed_hash, items);
    slot = index_table_find(t, items[count].hash, hashed_is_key, items,
                            &items[count].key);
    ck_assert_uint_eq(*slot, INDEX_TABLE_EMPTY);
    *slot = count;
}

/* A new table has no slots; the first reserve makes 64.  Hashes 63, 63
   and 0 (mod 64): the first takes slot 63, the second wraps to slot 0,
   the third finds 0 taken and takes 1.  A missing key of hash 63 probes
   63, 0, 1 and stops at the empty slot 2. */
START_TEST(index_table_probes_linearly_and_wraps)
{
    static const struct hashed items[] = {
        { 63, 10 }, { 127, 11 }, { 64, 12 },
    };
    struct index_table t = { NULL, 0 };
    int absent = 99;
    size_t i;

    ck_assert_ptr_null(index_table_find(&t, 0, hashed_is_key, items,
                                        &items[0].key));
    for (i = 0; i < 3; i++)
        add_item(&t, items, i);
    ck_assert_uint_eq(t.slot_count, 64);
    ck_assert_uint_eq(t.slots[63], 0);
    ck_assert_uint_eq(t.slots[0], 1);
    ck_assert_uint_eq(t.slots[1], 2);
    for (i = 0; i < 3; i++)
        ck_assert_uint_eq(*index_table_find(&t, items[i].hash, hashed_is_key,
                                            items, &items[i].key), i);
    ck_assert_ptr_eq(index_table_find(&t, 63, hashed_is_key, items, &absent),
                     &t.slots[2]);
    index_table_free(&t);
    ck_assert_ptr_null(t.slots);
    ck_assert_uint_eq(t.slot_count, 0);
}
END_TEST

/* At most half full: room for the 32nd item (count 31) still fits in 64
   slots (2 * 32 <= 64); the 33rd (count 32) doubles them to 128 and
   rehashes items 0..31 in order.  Hash i * 64 is slot 0 or 64 of 128:
   the 16 even items take slots 0..15, the 16 odd ones 64..79. */
START_TEST(index_table_doubles_when_half_full)
{
    struct hashed items[40];
    struct index_table t = { NULL, 0 };
    size_t i;

    for (i = 0; i < 40; i++)
        items[i] = (struct hashed){ i * 64, (int)i };
    for (i = 0; i < 32; i++)
        add_item(&t, items, i);
    ck_assert_uint_eq(t.slot_count, 64);
    ck_assert_uint_eq(t.slots[31], 31);    /* all 32 on slot 0 onwards */
    ck_assert_uint_eq(t.slots[32], INDEX_TABLE_EMPTY);
    index_table_reserve(&t, 32, hashed_hash, items);
    ck_assert_uint_eq(t.slot_count, 128);
    for (i = 0; i < 16; i++) {
        ck_assert_uint_eq(t.slots[i], 2 * i);
        ck_assert_uint_eq(t.slots[64 + i], 2 * i + 1);
    }
    ck_assert_uint_eq(t.slots[16], INDEX_TABLE_EMPTY);
    ck_assert_uint_eq(t.slots[80], INDEX_TABLE_EMPTY);
    index_table_free(&t);
}
END_TEST

/* ----------------------------------------------------------------- JSON */

/* One member a line, indented two spaces; a one-line array's elements
   ", " apart; hg_json_same_line joins the next member to the line before;
   an empty container closes on its own line; the top one ends with a
   newline.  Strings: '"' and '\\' escaped, \n as \n, other control
   characters and DEL as \u00XX, UTF-8 as it is. */
START_TEST(json_lays_out_and_escapes)
{
    struct captured c;
    struct hg_json w = { .out = capture(&c) };

    hg_json_open(&w, NULL, '{', false);
    hg_json_text(&w, "name", "a\"b\\c\n\x01\x7f\xc3\xa9");
    hg_json_count(&w, "n", UINT64_MAX);
    hg_json_open(&w, "list", '[', true);
    hg_json_count(&w, NULL, 1);
    hg_json_bool(&w, NULL, true);
    hg_json_null(&w, NULL);
    hg_json_close(&w);
    hg_json_same_line(&w);
    hg_json_bool(&w, "ok", false);
    hg_json_open(&w, "empty", '{', false);
    hg_json_close(&w);
    hg_json_text(&w, "none", NULL);
    hg_json_close(&w);
    ck_assert_int_eq(w.depth, 0);
    expect_captured(&c,
                    "{\n"
                    "  \"name\": \"a\\\"b\\\\c\\n\\u0001\\u007f\xc3\xa9\",\n"
                    "  \"n\": 18446744073709551615,\n"
                    "  \"list\": [1, true, null], \"ok\": false,\n"
                    "  \"empty\": {},\n"
                    "  \"none\": null\n"
                    "}\n");
}
END_TEST

/* A one-line object inside a spread array (diff's rows): the array's
   members one a line, each object's on its own line. */
START_TEST(json_nests_one_line_rows_in_a_spread_array)
{
    struct captured c;
    struct hg_json w = { .out = capture(&c) };

    hg_json_open(&w, NULL, '[', false);
    hg_json_open(&w, NULL, '{', true);
    hg_json_text(&w, "f", "main");
    hg_json_count(&w, "Ir", 7);
    hg_json_close(&w);
    hg_json_open(&w, NULL, '{', true);
    hg_json_close(&w);
    hg_json_close(&w);
    expect_captured(&c, "[\n  {\"f\": \"main\", \"Ir\": 7},\n  {}\n]\n");
}
END_TEST

/* ------------------------------------------------------------ line diff */

/* hg_match_lines of BASE and HEAD gives WANT (N_BASE entries). */
static void expect_matches(const char *const *base, size_t n_base,
                           const char *const *head, size_t n_head,
                           const unsigned *want)
{
    unsigned match[8];
    size_t i;
    ck_assert_uint_le(n_base, 8);
    hg_match_lines(base, n_base, head, n_head, match);
    for (i = 0; i < n_base; i++)
        ck_assert_msg(match[i] == want[i], "base line %zu: %u, want %u",
                      i + 1, match[i], want[i]);
}

/* Two blocks swapped (A B C D against C D A B): all four lines are
   unique, anchors (base, head) 1-3, 2-4, 3-1, 4-2; the longest run in
   order on both sides has two, and of the two such runs the one found
   last is kept (C D), so A and B match nothing: no anchor is before or
   after them to follow. */
START_TEST(line_diff_keeps_one_of_two_swapped_blocks)
{
    const char *base[] = { "A", "B", "C", "D" };
    const char *head[] = { "C", "D", "A", "B" };
    const unsigned want[] = { 0, 0, 1, 2 };
    expect_matches(base, 4, head, 4, want);
}
END_TEST

/* A carriage return at the end and tabs at the start are blanks: a file
   with CRLF ends and re-indented lines still matches line for line.  A
   line that appears twice on one side ("x;") is no anchor, but follows
   the anchor before it ("{" 1-1, then "x;" 2-2) and the one after it
   ("}" 5-4, back to "x;" 4-3). */
START_TEST(line_diff_ignores_blanks_and_follows_anchors)
{
    const char *base[] = { "{\r", "\tx;", "y();", "  x;", "}\r" };
    const char *head[] = { "{", "x;", "x;", "}" };
    const unsigned want[] = { 1, 2, 0, 3, 4 };
    expect_matches(base, 5, head, 4, want);
}
END_TEST

/* --------------------------------------------------------- flame graphs */

/* A frame is the function's name, or "NAME [OBJECT]" when that name is
   in two objects, and always for "???". */
START_TEST(flame_frames_name_the_object_only_when_needed)
{
    struct hg_function functions[5];
    struct hg_report report;
    char **names;

    memset(functions, 0, sizeof functions);
    memset(&report, 0, sizeof report);
    functions[0].name = "main";     functions[0].object = "prog";
    functions[1].name = "strlen";   functions[1].object = "libc.so.6";
    functions[2].name = "strlen";   functions[2].object = "prog";
    functions[3].name = "???";      functions[3].object = "???";
    functions[4].name = "helper";   functions[4].object = "prog";
    report.functions = functions;
    report.function_count = 5;
    names = hg_frame_names(&report);
    ck_assert_str_eq(names[0], "main");
    ck_assert_str_eq(names[1], "strlen [libc.so.6]");
    ck_assert_str_eq(names[2], "strlen [prog]");
    ck_assert_str_eq(names[3], "??? [???]");
    ck_assert_str_eq(names[4], "helper");
    hg_frame_names_free(names, 5);
}
END_TEST

/* A frame's control characters (DEL too) and ';' become '?'. */
START_TEST(flame_frames_cannot_split_a_stack)
{
    struct captured c;
    hg_folded_frame(capture(&c), "a;b\tc\x7f" "d");
    expect_captured(&c, "a?b?c?d");
}
END_TEST

/* tests/data/contexts/contexts.xml's eight contexts, each with its
   parents' frames and its own self Ir, in the report's order (main 100;
   work under main 510; strlen under work 96; fib 60, 120, 120 at three
   depths; helper 36; strlen under helper 24); <outside> is 0, so no
   "[outside]" line. */
START_TEST(flame_folds_contexts_in_report_order)
{
    struct hg_report *report = hg_fixture_report("contexts", "contexts.xml");
    struct hg_flame_metric metric;
    struct captured c;

    ck_assert(hg_flame_metric_named("Ir", &metric));
    hg_write_folded_contexts(capture(&c), report, &metric);
    expect_captured(&c,
                    "main 100\n"
                    "main;work 510\n"
                    "main;work;strlen 96\n"
                    "main;fib 60\n"
                    "main;fib;fib 120\n"
                    "main;fib;fib;fib 120\n"
                    "main;helper 36\n"
                    "main;helper;strlen 24\n");
    hg_report_free(report);
}
END_TEST

/* --------------------------------------------------------- table fitting */

/* function (text, names the rows), Ir (number), D1mr (number, part 1). */
static const struct hg_column fit_columns[] = {
    { "function", HG_ALIGN_LEFT, 0, 0 },
    { "Ir", HG_ALIGN_RIGHT, 0, 0 },
    { "D1mr", HG_ALIGN_RIGHT, 0, 0 },
};
static const struct hg_column_fit fit_parts[] = {
    { 0, true, false }, { 0, false, false }, { 1, false, false },
};
static const char *const fit_titles[HG_TABLE_PARTS] = {
    NULL, "Cache figures:", NULL, NULL,
};

/* The table fitted to WIDTH, as printed. */
static void expect_fitted(size_t width, const char *want)
{
    struct hg_table table;
    struct captured c;

    hg_table_create(&table, fit_columns, 3, 2);
    table.fit = fit_parts;
    hg_table_set(&table, 0, 0, "a_rather_long_function_name");
    hg_table_set_count(&table, 0, 1, 1234);
    hg_table_set_count(&table, 0, 2, 7);
    hg_table_set(&table, 1, 0, "main");
    hg_table_set_count(&table, 1, 1, 5);
    hg_table_set_count(&table, 1, 2, 0);
    hg_table_finish_within(capture(&c), &table, width, fit_titles);
    expect_captured(&c, want);
}

/* Columns 27, 5 and 4 wide, two spaces apart: 40.  Within 40 the table
   is as hg_table_finish prints it (the last column not padded, numbers
   on the right). */
START_TEST(table_fits_as_it_is_when_it_can)
{
    expect_fitted(40,
                  "\n"
                  "function                        Ir  D1mr\n"
                  "a_rather_long_function_name  1,234     7\n"
                  "main                             5     0\n");
}
END_TEST

/* Within 30: the main part with part 1 is 40 wide, so part 1 goes to a
   table of its own after its title, with the naming column repeated.
   Main part: 27 + 2 + 5 = 34, the name column narrowed by 4 to 23
   (the number never narrows), so a name cut to 22 columns and "…".
   Part 1: 27 + 2 + 4 = 33, the name column narrowed by 3 to 24: 23
   columns and "…". */
START_TEST(table_moves_a_part_that_does_not_fit_and_cuts_names)
{
    expect_fitted(30,
                  "\n"
                  "function                    Ir\n"
                  "a_rather_long_function\xe2\x80\xa6  1,234\n"
                  "main                         5\n"
                  "\n"
                  "Cache figures:\n"
                  "\n"
                  "function                  D1mr\n"
                  "a_rather_long_function_\xe2\x80\xa6     7\n"
                  "main                         0\n");
}
END_TEST

/* Within 10, narrower than the floor allows: the name column stops at
   HG_CUT_FLOOR (12), a cell cut to 11 columns and "…", and the lines
   are wider than asked (12 + 2 + 5 = 19). */
START_TEST(table_never_cuts_below_the_floor)
{
    expect_fitted(10,
                  "\n"
                  "function         Ir\n"
                  "a_rather_lo\xe2\x80\xa6  1,234\n"
                  "main              5\n"
                  "\n"
                  "Cache figures:\n"
                  "\n"
                  "function      D1mr\n"
                  "a_rather_lo\xe2\x80\xa6     7\n"
                  "main             0\n");
}
END_TEST

/* diff --lines' matching by text, worked out by hand: unique lines anchor
   in order, their neighbours follow while equal, the rest match nothing. */
START_TEST(matches_lines_by_text)
{
    /* A comment inserted above the loop: every old line keeps its text. */
    const char *base1[] = { "{", "  int s = 0;", "  for (;;)", "    s++;",
                            "}" };
    const char *head1[] = { "{", "  int s = 0;", "  /* why */", "  for (;;)",
                            "    s++;", "}" };
    const unsigned want1[] = { 1, 2, 4, 5, 6 };
    /* Lines swapped: only one of the two unique lines can anchor (the
       first in base order); "}" and "" are not unique but follow. */
    const char *base2[] = { "a();", "b();", "", "}" };
    const char *head2[] = { "b();", "a();", "", "}" };
    const unsigned want2[] = { 0, 1, 3, 4 };
    /* A line whose text changed matches nothing; blanks at either end do
       not count. */
    const char *base3[] = { "x = 1;", "  y = 2;  ", "z = 3;" };
    const char *head3[] = { "x = 1;", "y = 2;", "z = 4;" };
    const unsigned want3[] = { 1, 2, 0 };
    /* Duplicates only: matched from the start while equal, and back from
       the end. */
    const char *base4[] = { "}", "}", "}" };
    const char *head4[] = { "}", "}" };
    const unsigned want4[] = { 1, 2, 0 };

    expect_matches(base1, 5, head1, 6, want1);
    expect_matches(base2, 4, head2, 4, want2);
    expect_matches(base3, 3, head3, 3, want3);
    expect_matches(base4, 3, head4, 2, want4);
    expect_matches(NULL, 0, head4, 2, NULL);
}
END_TEST

/* The expected hashes are FNV-1a computed apart, in Python: h = basis;
   for each field i, h = (h ^ i) * prime, then each byte folded in. */
static void expect_page(char *path, const char *want)
{
    ck_assert_str_eq(path, want);
    free(path);
}

/* Never clamped: 2^64-1 of 1 is 18446744073709551615, in percent that
   times 100 (22 digits); the ratio's rounding carries into a 20-digit
   whole; 2/3 rounds half up to 0.67. */
START_TEST(fractions_are_never_clamped)
{
    char text[HG_PERCENT_TEXT_SIZE];
    ck_assert_str_eq(hg_format_percent(UINT64_MAX, 1, text),
                     "1844674407370955161500.00%");
    ck_assert_str_eq(hg_format_percent(UINT64_MAX - 1, 1, text),
                     "1844674407370955161400.00%");
    ck_assert_str_eq(hg_format_ratio(UINT64_MAX, 1, text),
                     "18446744073709551615.00x");
    ck_assert_str_eq(hg_format_fraction(2, 3, 0, 2, text, sizeof text),
                     "0.67");
    ck_assert_str_eq(hg_format_percent(1, 3, text), "33.33%");
}
END_TEST

/* RFC 3629's table: C0 and C1 lead only overlong forms, E0 needs A0..BF
   next, ED 80..9F (no surrogates), F4 80..8F (nothing past U+10FFFF),
   F5..FF lead nothing; a lone continuation byte starts nothing, nor does
   a sequence cut by the end. */
START_TEST(utf8_lengths_follow_rfc_3629)
{
    static const struct {
        const char *text;
        size_t length;
    } cases[] = {
        { "a", 1 }, { "\xc3\xa9", 2 }, { "\xe2\x82\xac", 3 },
        { "\xf0\x9f\x98\x80", 4 }, { "\xc0\xaf", 0 }, { "\xc1\xbf", 0 },
        { "\xe0\x9f\xbf", 0 }, { "\xed\xa0\x80", 0 },
        { "\xf4\x90\x80\x80", 0 }, { "\xf5\x80\x80\x80", 0 },
        { "\xff", 0 }, { "\x80", 0 }, { "\xe2\x82", 0 },
    };
    size_t i;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
        ck_assert_uint_eq(hg_utf8_length(cases[i].text), cases[i].length);
}
END_TEST

/* A code span's fence is one backtick longer than the longest run
   inside, padded when the text starts or ends with one; '|' escaped, a
   line end '?', a stray byte U+FFFD. */
START_TEST(markdown_code_spans_hold_anything)
{
    struct captured c;
    hg_markdown_code(capture(&c), "a``b");
    expect_captured(&c, "```a``b```");
    hg_markdown_code(capture(&c), "`x");
    expect_captured(&c, "`` `x ``");
    hg_markdown_code(capture(&c), "a|b\nc\xff");
    expect_captured(&c, "`a\\|b?c\xef\xbf\xbd`");
}
END_TEST

START_TEST(history_pages_are_named_by_identity)
{
    expect_page(hg_history_benchmark_page("alpha"),
                "benchmarks/2a566453935393e1.html");
    expect_page(hg_history_function_page("alpha", "prog", "f01", "prog.c"),
                "functions/2af12d31d8ed8083.html");
    /* The field boundaries count: ("ab", "c") is not ("a", "bc"). */
    expect_page(hg_history_function_page("ab", "c", "", ""),
                "functions/f42269e84a5416b7.html");
    expect_page(hg_history_function_page("a", "bc", "", ""),
                "functions/47953dc962b1bb05.html");
    expect_page(hg_history_commit_page("3f2a9c1"), "commits/3f2a9c1.html");
}
END_TEST

Suite *hg_unit_suite(void)
{
    Suite *suite = suite_create("util");
    TCase *index = hg_tcase(suite, "index-table", 0);
    TCase *json = hg_tcase(suite, "json", 0);
    TCase *lines = hg_tcase(suite, "line-diff", 0);
    TCase *flame = hg_tcase(suite, "flamegraph", 0);
    TCase *table = hg_tcase(suite, "table", 0);
    TCase *pages = hg_tcase(suite, "history-pages", 0);
    TCase *numbers = hg_tcase(suite, "numbers-and-text", 0);

    tcase_add_test(index, index_table_probes_linearly_and_wraps);
    tcase_add_test(index, index_table_doubles_when_half_full);
    tcase_add_test(json, json_lays_out_and_escapes);
    tcase_add_test(json, json_nests_one_line_rows_in_a_spread_array);
    tcase_add_test(lines, line_diff_keeps_one_of_two_swapped_blocks);
    tcase_add_test(lines, matches_lines_by_text);
    tcase_add_test(lines, line_diff_ignores_blanks_and_follows_anchors);
    tcase_add_test(flame, flame_frames_name_the_object_only_when_needed);
    tcase_add_test(flame, flame_frames_cannot_split_a_stack);
    tcase_add_test(flame, flame_folds_contexts_in_report_order);
    tcase_add_test(table, table_fits_as_it_is_when_it_can);
    tcase_add_test(table, table_moves_a_part_that_does_not_fit_and_cuts_names);
    tcase_add_test(table, table_never_cuts_below_the_floor);
    tcase_add_test(pages, history_pages_are_named_by_identity);
    tcase_add_test(numbers, fractions_are_never_clamped);
    tcase_add_test(numbers, utf8_lengths_follow_rfc_3629);
    tcase_add_test(numbers, markdown_code_spans_hold_anything);
    return suite;
}
