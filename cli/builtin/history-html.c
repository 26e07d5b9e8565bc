/* hotgrind history html (docs/history.md): not built yet; this file is
   where its options are parsed and its library called.
   GPL-2.0-or-later; part of hotgrind. */

#include "builtin/builtin.h"
#include "util/messages.h"

int cmd_history_html(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    hg_say_problem(NULL, "history html is not built yet (docs/history.md)");
    return HG_EXIT_TROUBLE;
}
