/**
 * A publication's key findings and recommendations: short ordered lists of plain text that
 * the report page shows above its body, so a reader (and a search engine) gets the point first.
 */
import { z } from 'zod';
import { cleanString } from './common';

/** At most this many items in each list: past a dozen a list stops being a summary. */
export const TAKEAWAYS_MAX_ITEMS = 12;
/** At most this many characters in one item: a finding is a sentence or two, not a section. */
export const TAKEAWAY_MAX_CHARS = 500;

/** One ordered list (findings or recommendations); `what` names it in error messages. */
export const takeawaysSchema = (what: string) =>
  z
    .array(
      cleanString()
        .trim()
        .min(1, `Each of the ${what} needs some text`)
        .max(
          TAKEAWAY_MAX_CHARS,
          `Each of the ${what} must be at most ${TAKEAWAY_MAX_CHARS} characters`,
        ),
    )
    .max(TAKEAWAYS_MAX_ITEMS, `At most ${TAKEAWAYS_MAX_ITEMS} ${what}`);
