import { describe, expect, it } from 'vitest';
import { htmlToText, renderIssueBody } from '../../src/server/workflows/newsletter/issue-html';
import { topicsMeet } from '../../src/server/workflows/newsletter/audience';

// An issue's intro in a message: every link and image on this site, absolute; anything else
// keeps its words (or its alt text) without pointing anywhere.
const SITE = 'https://think.example';
const abs = (p: string) => new URL(p, SITE).href;
const intro = async (markdown: string) =>
  (await renderIssueBody({ intro: markdown, items: [] }, abs, SITE)).html;

describe('the intro of an issue', () => {
  it('links on this site become absolute; links elsewhere lose their address, not their words', async () => {
    const html = await intro(
      'See [our work](/research), [this](https://think.example/team#x), [theirs](https://other.example/a), [sneaky](//other.example/b) and <script>alert(1)</script>.',
    );
    expect(html).toContain('href="https://think.example/research"');
    expect(html).toContain('href="https://think.example/team#x"');
    expect(html).not.toContain('other.example');
    expect(html).toContain('theirs');
    expect(html).toContain('sneaky');
    expect(html).not.toContain('<script');
  });

  it('images on this site are absolute with their alt text; images elsewhere become their alt text', async () => {
    const html = await intro(
      '![A chart](/uploads/chart.png)\n\n![Remote](https://cdn.example/x.png)',
    );
    expect(html).toMatch(
      /<img src="https:\/\/think\.example\/\.netlify\/images\?url=[^"]+" alt="A chart"/,
    );
    expect(html).not.toContain('cdn.example');
    expect(html).toContain('Remote');
  });

  it('reads as text: links as words and address, images as their alt text', () => {
    expect(
      htmlToText(
        '<p>Read <a href="https://think.example/a?x=1&amp;y=2">the report</a>.</p><a href="https://think.example/p"><img src="https://think.example/i.png" alt="Cover"></a>',
      ),
    ).toBe('Read the report (https://think.example/a?x=1&y=2).\n[Cover] (https://think.example/p)');
  });
});

describe('topics', () => {
  it('meet when they share one, or when either side is empty (everything)', () => {
    expect(topicsMeet(['a'], ['a', 'b'])).toBe(true);
    expect(topicsMeet(['c'], ['a', 'b'])).toBe(false);
    expect(topicsMeet([], ['a'])).toBe(true);
    expect(topicsMeet(undefined, ['a'])).toBe(true);
    expect(topicsMeet(['c'], [])).toBe(true);
  });
});
