/*
 * The C library's time for the Keys sheet alone: N rows x 19 columns (5 text, 14 numbers, the
 * same kinds of values as bench/cost-report.mjs sends), a header row, number formats, written
 * with libxlsxwriter. Built and run by bench/cost-report.mjs when libxlsxwriter-dev is installed.
 * Usage: _libxlsxwriter OUT.xlsx N [constant]   ("constant": its constant_memory streaming mode)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xlsxwriter.h>

int main(int argc, char **argv) {
  if (argc < 3) return 2;
  long n = atol(argv[2]);
  lxw_workbook_options options = {.constant_memory = argc > 3 && strcmp(argv[3], "constant") == 0, .tmpdir = NULL};
  lxw_workbook *wb = workbook_new_opt(argv[1], &options);
  lxw_worksheet *ws = workbook_add_worksheet(wb, "Keys");
  lxw_format *bold = workbook_add_format(wb);
  format_set_bold(bold);
  lxw_format *usd = workbook_add_format(wb);
  format_set_num_format(usd, "#,##0.00");
  lxw_format *count = workbook_add_format(wb);
  format_set_num_format(count, "#,##0");
  const char *teams[] = {"ops", "dev", "sales", "support"};
  for (int c = 0; c < 19; c++) {
    char h[32];
    snprintf(h, sizeof h, "Column %d", c + 1);
    worksheet_write_string(ws, 0, c, h, bold);
  }
  char text[96];
  for (long i = 0; i < n; i++) {
    lxw_row_t r = (lxw_row_t)(i + 1);
    long t = 1000 + (i * 7919) % 500000;
    snprintf(text, sizeof text, "key-%ld", i);
    worksheet_write_string(ws, r, 0, text, NULL);
    snprintf(text, sizeof text, "service key %ld for team %s", i, teams[i % 4]);
    worksheet_write_string(ws, r, 1, text, NULL);
    snprintf(text, sizeof text, "sk-%08lx", (unsigned long)((i * 2654435761UL) & 0xffffffffUL));
    worksheet_write_string(ws, r, 2, text, NULL);
    worksheet_write_string(ws, r, 3, teams[i % 4], NULL);
    snprintf(text, sizeof text, "CC-%ld", i % 1000);
    worksheet_write_string(ws, r, 4, text, NULL);
    double spend = (double)((i * 104729) % 997) + (double)((i * 31) % 1000000) / 1e6;
    worksheet_write_number(ws, r, 5, spend, usd);
    worksheet_write_number(ws, r, 6, spend * 6.45, usd);
    for (int c = 7; c < 19; c++) worksheet_write_number(ws, r, c, (double)(t >> (c - 7)), count);
  }
  return workbook_close(wb) == LXW_NO_ERROR ? 0 : 1;
}
