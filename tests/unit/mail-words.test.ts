// The placeholders of the editable email texts: what a save may hold, what the form says under each
// text, and how a sender fills them in.
import { describe, expect, it } from 'vitest';
import {
  fillMailWords,
  fillPlaceholders,
  isMailWordsKey,
  placeholderHelp,
  placeholderProblem,
} from '../../src/schemas/mail-words';
import { parsePartedFileUrl, partedFileUrl } from '../../src/schemas/pdf-upload';

describe('a saved email text', () => {
  it('may be empty (the built-in wording) or use its own placeholders', () => {
    expect(placeholderProblem('accountInviteMailBody', '  ')).toBeNull();
    expect(
      placeholderProblem('accountInviteMailBody', 'Hi {username}, you are {role}.'),
    ).toBeNull();
  });

  it('is refused when it lost a required placeholder, saying which and what it stands for', () => {
    expect(placeholderProblem('accountInviteMailBody', 'Hi {username}.')).toBe(
      'Keep {role} in the text: the email puts the role given ("Editor") there',
    );
  });

  it('is refused when it names a placeholder the email does not have', () => {
    expect(placeholderProblem('accountResetMailBody', 'Hi {usrname}.')).toBe(
      '{usrname} is not a placeholder of this email; it can use {username}, {hours}',
    );
    expect(placeholderProblem('notifyReviewMailBody', 'See {title}.')).toBe(
      '{title} is not a placeholder of this email, which has none',
    );
  });

  it('is told apart from the other settings texts', () => {
    expect(isMailWordsKey('accountVerifyMailBody')).toBe(true);
    expect(isMailWordsKey('heroTitle')).toBe(false);
  });
});

describe('the help under each text', () => {
  it('lists a subject’s placeholders, or says nothing when it has none', () => {
    expect(placeholderHelp('notifyReviewMailSubject')).toBe(
      'Placeholders: {title} the title of the record.',
    );
    expect(placeholderHelp('notifyBuildFailedMailSubject')).toBeUndefined();
  });

  it('lists a body’s placeholders, the required ones marked, and says what the site adds', () => {
    expect(placeholderHelp('notifyHeldMailBody')).toMatch(
      /^Placeholders: \{release\} the name of the release \(required\); .*the button with the link is added below\.$/,
    );
    expect(placeholderHelp('notifyReviewMailBody')).toMatch(/^A blank line starts a new paragraph/);
  });
});

describe('filling in', () => {
  it('puts each value in place, leaves an unknown name as written, and no double space', () => {
    expect(
      fillPlaceholders<'notifyChangesMailBody'>('{reviewer} sent {proposal} back. {comment} {x}', {
        reviewer: 'Ada',
        proposal: '“Bio”',
        comment: '',
      }),
    ).toBe('Ada sent “Bio” back. {x}');
  });

  it('splits paragraphs at blank lines', () => {
    expect(
      fillMailWords<'accountResetMailBody'>('Hello {username}.\n\n  \nThe link works {hours}.', {
        username: 'ada',
        hours: '1 hour',
      }),
    ).toEqual(['Hello ada.', 'The link works 1 hour.']);
  });
});

describe('the address of a file uploaded in parts', () => {
  it('reads back the id and name of a PDF and of a data file, and nothing else', () => {
    const id = 'a'.repeat(32);
    expect(parsePartedFileUrl(partedFileUrl('pdf', id, 'report.pdf'))).toEqual({
      id,
      fileName: 'report.pdf',
    });
    expect(parsePartedFileUrl(partedFileUrl('data', id, 'table.csv'))).toMatchObject({
      id,
      fileName: 'table.csv',
    });
    expect(parsePartedFileUrl(`/elsewhere/${id}/report.csv`)).toBeNull();
  });
});
