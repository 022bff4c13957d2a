/**
 * ORCID iDs: a researcher's persistent identifier, sixteen characters in four groups
 * (0000-0002-1825-0097), the last a check digit over the other fifteen (ISO 7064 MOD 11-2,
 * where a check value of 10 is written X). A typo in an iD links a person to someone else's
 * record, so a wrong check digit is refused, not stored.
 */
import { cleanString } from './common';

const SHAPE = /^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$/;

/** The check character ISO 7064 MOD 11-2 gives for fifteen digits. */
export function orcidCheckDigit(digits: string): string {
  let total = 0;
  for (const d of digits) total = (total + Number(d)) * 2;
  const check = (12 - (total % 11)) % 11;
  return check === 10 ? 'X' : String(check);
}

/** Whether an iD's last character is the check digit of the other fifteen. */
export const orcidChecks = (id: string): boolean =>
  orcidCheckDigit(id.replace(/-/g, '').slice(0, 15)) === id.at(-1);

/** The iD's address, the form ORCID asks sites to show. */
export const orcidUrl = (id: string) => `https://orcid.org/${id}`;

/**
 * An ORCID iD as a person's record stores it: bare (0000-0002-1825-0097); pasted as its address
 * (https://orcid.org/…) or with a lower-case x it is stored bare. Empty means none.
 */
export const orcidField = () =>
  cleanString()
    .trim()
    .transform((v) => v.replace(/^https?:\/\/(www\.)?orcid\.org\//i, '').toUpperCase())
    .superRefine((v, ctx) => {
      if (v === '') return;
      if (!SHAPE.test(v))
        ctx.addIssue({
          code: 'custom',
          message: `ORCID iD ${v} is not of the form 0000-0002-1825-0097`,
        });
      else if (!orcidChecks(v))
        ctx.addIssue({ code: 'custom', message: `ORCID iD ${v} has a wrong check digit` });
    });
