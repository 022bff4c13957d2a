import { describe, expect, it } from 'vitest';
import { renderLetter } from '../../src/server/outbound/mail-letter';

describe('a letter in plain text', () => {
  it('names an address that is its own label once', () => {
    const address = 'https://example.org/newsletter/unsubscribe';
    const { text } = renderLetter({
      kind: 'newsletter-welcome',
      to: 'reader@example.org',
      subject: 'Welcome',
      paragraphs: ['Welcome.'],
      footer: [{ text: 'You can also unsubscribe at', link: { label: address, url: address } }],
    });
    expect(text.split(address)).toHaveLength(2);
    expect(text).toContain(`You can also unsubscribe at ${address}`);
  });
});
