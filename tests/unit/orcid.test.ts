/** ORCID iDs: the ISO 7064 MOD 11-2 check digit, how a person's iD is stored, and where citations carry it. */
import { describe, expect, it } from 'vitest';
import { withOrcidBibtex, withOrcidMeta, withOrcidRis } from '../../src/lib/citation-orcid';
import { orcidCheckDigit, orcidField } from '../../src/schemas/orcid';

const field = orcidField();

describe('ORCID iDs', () => {
  it('computes the check digit, X for 10', () => {
    expect(orcidCheckDigit('000000021825009')).toBe('7');
    expect(orcidCheckDigit('000000021694233')).toBe('X');
  });

  it('stores an iD bare, from its address or with a lower-case x', () => {
    expect(field.parse('https://orcid.org/0000-0002-1825-0097')).toBe('0000-0002-1825-0097');
    expect(field.parse('0000-0002-1694-233x')).toBe('0000-0002-1694-233X');
    expect(field.parse('')).toBe('');
  });

  it('refuses a wrong check digit and a wrong shape, naming the iD', () => {
    expect(field.safeParse('0000-0002-1825-0098').error?.issues[0]?.message).toBe(
      'ORCID iD 0000-0002-1825-0098 has a wrong check digit',
    );
    expect(field.safeParse('0000-0002-1825').error?.issues[0]?.message).toBe(
      'ORCID iD 0000-0002-1825 is not of the form 0000-0002-1825-0097',
    );
  });

  it('puts each iD beside its author in meta tags, BibTeX and RIS', () => {
    const authors = ['Lena Fischer', 'Ada Okafor'];
    const orcids = ['', '0000-0002-1825-0097'];
    expect(
      withOrcidMeta(
        [
          ['citation_title', 'T'],
          ['citation_author', 'Lena Fischer'],
          ['citation_author', 'Ada Okafor'],
        ],
        orcids,
      ),
    ).toEqual([
      ['citation_title', 'T'],
      ['citation_author', 'Lena Fischer'],
      ['citation_author', 'Ada Okafor'],
      ['citation_author_orcid', 'https://orcid.org/0000-0002-1825-0097'],
    ]);
    expect(withOrcidBibtex('@misc{x,\n  title = {T}\n}', authors, orcids)).toBe(
      '@misc{x,\n  title = {T},\n  orcid = {Ada Okafor/0000-0002-1825-0097}\n}',
    );
    expect(withOrcidRis('TY  - RPRT\r\nER  -\r\n', authors, orcids)).toBe(
      'TY  - RPRT\r\nN1  - ORCID: Ada Okafor https://orcid.org/0000-0002-1825-0097\r\nER  -\r\n',
    );
  });
});
