// The stand-in faces in global.css must keep matching the web fonts they stand in for: if a font
// package update changes Inter's or Fraunces' metrics, the swap would move text again (a layout
// shift). The figures are recomputed here from @capsizecss's metrics and compared with the CSS.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createFontStack } from '@capsizecss/core';
import arial from '@capsizecss/metrics/arial';
import fraunces from '@capsizecss/metrics/fraunces';
import georgia from '@capsizecss/metrics/georgia';
import inter from '@capsizecss/metrics/inter';
import roboto from '@capsizecss/metrics/roboto';
import timesNewRoman from '@capsizecss/metrics/timesNewRoman';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const css = readFileSync(path.join(root, 'src/styles/global.css'), 'utf8');

const OVERRIDES = ['ascent-override', 'descent-override', 'line-gap-override', 'size-adjust'];

/** The override declarations of the @font-face blocks in `text`, by family. */
function faces(text: string): Map<string, Record<string, string>> {
  const out = new Map<string, Record<string, string>>();
  for (const [, body] of text.matchAll(/@font-face\s*{([^}]*)}/g)) {
    const decls = Object.fromEntries(
      body!
        .split(';')
        .map((d) => d.split(':').map((x) => x.trim()))
        .filter((d) => d.length >= 2)
        .map(([k, ...v]) => [k, v.join(':')]),
    );
    const family = String(decls['font-family']).replace(/['"]/g, '');
    out.set(
      family,
      Object.fromEntries(OVERRIDES.filter((k) => k in decls).map((k) => [k, decls[k]!])),
    );
  }
  return out;
}

const inCss = faces(css);

describe('metric-matched stand-ins for the web fonts', () => {
  const cases = [
    ['Inter Fallback', inter, arial],
    ['Inter Fallback Roboto', inter, roboto],
    ['Fraunces Fallback', fraunces, georgia],
    ['Fraunces Fallback Times', fraunces, timesNewRoman],
  ] as const;

  it.each(cases)('%s scales its system face to the web font', (family, web, system) => {
    const expected = faces(createFontStack([web, system]).fontFaces)
      .values()
      .next().value!;
    expect(Object.keys(expected).length).toBeGreaterThan(0);
    expect(inCss.get(family)).toEqual(expected);
  });

  /** The value of each `--font-NAME` declared in the CSS block opened by `selector`. */
  const stacks = (selector: string): Record<string, string[]> => {
    const block = css.slice(css.indexOf(`${selector} {`)).split('}')[0]!;
    return Object.fromEntries(
      [...block.matchAll(/--font-(\w+):([^;]+);/g)].map(([, name, value]) => [
        name,
        value!.split(',').map((f) => f.trim()),
      ]),
    );
  };

  it('the site font stacks name each stand-in right after its web font', () => {
    const { sans, display } = stacks('@theme');
    expect(sans!.slice(0, 3)).toEqual([
      "'Inter Variable'",
      "'Inter Fallback'",
      "'Inter Fallback Roboto'",
    ]);
    expect(display!.slice(0, 3)).toEqual([
      "'Fraunces Variable'",
      "'Fraunces Fallback'",
      "'Fraunces Fallback Times'",
    ]);
  });

  it('until the first paint the stacks are the same without their web font', () => {
    const site = stacks('@theme');
    const later = stacks('html.fonts-later');
    expect(later).toEqual({ sans: site.sans!.slice(1), display: site.display!.slice(1) });
  });

  it('text that holds its lines through the swap measures them in the sans stand-ins', () => {
    const utility = css.slice(css.indexOf('@utility reserve-lines {'));
    const family = /font-family:([^;]+);/.exec(utility)![1]!.split(',');
    expect(family.map((f) => f.trim())).toEqual(stacks('@theme').sans!.slice(1));
  });
});
