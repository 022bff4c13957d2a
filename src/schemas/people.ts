/**
 * Authors of publications and speakers of events: an ordered list, each someone of the
 * institute (a team member's id, or the founder's) or someone from outside (a name). Before this
 * list existed authors were one line of free text; such records are split into names on read,
 * and the build links each name that matches a person of the institute (src/lib/people.ts).
 */
import { z } from 'zod';
import { idSchema, text } from './common';

/**
 * One author or speaker. A member keeps the name they had when chosen, so a credit still reads
 * right if the member is later removed from the team.
 */
export const personRefSchema = z.union([
  z.strictObject({ member: idSchema, name: text(500).optional() }),
  z.strictObject({ name: text(500).min(1, 'Each name needs at least one character') }),
]);
export type PersonRef = z.infer<typeof personRefSchema>;

/**
 * Names in a line of free text: 'Mei Chen, L. Fischer and A. Okafor', or, when semicolons are
 * used, 'Chen, Mei; Fischer, Lena' (the comma is then part of each name).
 */
export function splitNames(text: string): string[] {
  const line = text.trim();
  if (!line) return [];
  const parts = line.includes(';') ? line.split(';') : line.split(/,|\band\b|&/);
  return parts.map((a) => a.trim()).filter(Boolean);
}

/** An ordered list of authors or speakers; a line of free text (the older form) reads as its names. */
export const peopleSchema = () =>
  z.preprocess(
    (value) => (typeof value === 'string' ? splitNames(value).map((name) => ({ name })) : value),
    z.array(personRefSchema).max(100, 'At most 100 people'),
  );

/** The research areas (by id) a publication, event or team member belongs to. */
export const topicsSchema = () => z.array(idSchema).max(50, 'At most 50 topics');
