// The official rules that come with the project (test/rules, see its README): the UBL 2.1 schema
// (OASIS) and the EN 16931 rules for UBL (CEN/TC 434, EUPL 1.2), run by test/rules/validate-en16931
// (its EinvValidate.java with Saxon-HE from Debian on a JDK), and the PDF/A-3 preflight
// (test/rules/pdfa-preflight: Debian's PDFBox Preflight and qpdf), as .ci/run installs them.
// Nothing comes from ../shared.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const RULES = fileURLToPath(new URL('./rules/', import.meta.url));

/** The PDF/A-3 preflight, copied from the team's shared/pdfa. */
export const PREFLIGHT = join(RULES, 'pdfa-preflight');

/** The command line that validates files against the UBL 2.1 schema and the EN 16931 rules. */
export function en16931Command(): [string, string[]] {
  return [join(RULES, 'validate-en16931'), []];
}
