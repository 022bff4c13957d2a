/**
 * A new record's admin form shows what will be saved: every select's first value is one of its
 * options (so the browser never shows the first option in place of an empty value), and a form
 * saved untouched, through the same schema the server applies, reads back as what it showed.
 */
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { FormProvider, useForm } from 'react-hook-form';
import { parse } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { COLLECTION_CONFIGS } from '../../src/components/admin/collections/collection-configs';
import FieldControl from '../../src/components/admin/form/FieldControl';
import {
  formValuesFor,
  toFormValue,
  withSettingDefaults,
  type FieldConfig,
  type FormValues,
} from '../../src/components/admin/form/field-config';

/** What an admin types into the required fields before saving; everything else stays untouched. */
const REQUIRED: Record<string, unknown> = {
  title: 'Untouched',
  description: 'Saved without touching any other field.',
  name: 'Ada Lovelace',
  position: 'Fellow',
  value: '42',
  label: 'Things counted',
  startDate: '2030-05-01',
  endDate: '2030-05-01',
};

/** The markup FieldControl renders for `field` in a form holding `values`. */
function renderField(field: FieldConfig, values: FormValues): string {
  function Host(): ReactNode {
    const form = useForm<FormValues>({ defaultValues: values });
    return createElement(FormProvider, {
      ...form,
      children: createElement(FieldControl, { field, idPrefix: 't' }),
    });
  }
  return renderToStaticMarkup(createElement(Host));
}

/** The text of the option a select shows: the selected one, else the first (as a browser does). */
function shownOption(html: string): string {
  const select = parse(html).querySelector('select')!;
  const options = select.querySelectorAll('option');
  return (options.find((o) => o.hasAttribute('selected')) ?? options[0])!.text;
}

for (const [page, config] of Object.entries(COLLECTION_CONFIGS)) {
  describe(`the new ${config.singular} form (/admin/${page})`, () => {
    // As the editor does: fields that start from a site setting get it first.
    const fields = withSettingDefaults(config.fields, { siteTimeZone: 'Europe/Berlin' });
    const values = { ...formValuesFor(fields, null) };
    const selects = fields.filter((f) => f.type === 'select');

    it('starts every select on one of its own options, and shows that option', () => {
      for (const field of selects) {
        expect(field.options, field.name).toContain(values[field.name]);
        expect(shownOption(renderField(field, values)), field.name).toBe(values[field.name]);
      }
    });

    it('saved untouched, reads back exactly as the form showed it', () => {
      const sent = {
        ...values,
        ...Object.fromEntries(Object.entries(REQUIRED).filter(([k]) => k in values)),
      };
      const stored = config.schema.safeParse(sent);
      expect(stored.success, JSON.stringify(stored.error?.issues)).toBe(true);
      const record = stored.data as Record<string, unknown>;
      for (const field of fields)
        expect(toFormValue(field, record[field.name]), field.name).toEqual(sent[field.name]);
    });
  });
}

describe("the event form's time zone", () => {
  const fields = withSettingDefaults(COLLECTION_CONFIGS.events!.fields, {
    siteTimeZone: 'America/New_York',
  });
  const zone = fields.find((f) => f.name === 'eventTimeZone')!;
  it("starts on the site's zone", () => {
    expect(formValuesFor(fields, null).eventTimeZone).toBe('America/New_York');
  });
  it("shows an event saved without a zone as following the site's zone", () => {
    expect(shownOption(renderField(zone, { eventTimeZone: '' }))).toBe(
      'Site default (America/New_York)',
    );
  });
});

describe('a select holding a value outside its options', () => {
  const field: FieldConfig = {
    name: 'kind',
    label: 'Kind',
    type: 'select',
    options: ['Alpha', 'Beta'],
  };
  it('shows that value, not the first option', () => {
    expect(shownOption(renderField(field, { kind: 'Gamma' }))).toBe('Gamma');
  });
  it('shows an empty value as empty, in its own words', () => {
    expect(shownOption(renderField(field, { kind: '' }))).toBe('None');
    expect(shownOption(renderField({ ...field, emptyLabel: 'UTC' }, { kind: '' }))).toBe('UTC');
  });
});

describe('records saved blank by older forms', () => {
  it('read as the type the site shows', async () => {
    const { publicationSchema } = await import('../../src/schemas/publication');
    const { eventSchema, normaliseEvent } = await import('../../src/schemas/event');
    const meta = {
      id: 'x',
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
      slug: 'x',
    };
    expect(publicationSchema.parse({ ...meta, title: 'T', description: 'D', type: '' }).type).toBe(
      'Report',
    );
    const event = eventSchema.parse({
      ...meta,
      title: 'T',
      eventType: '',
      startDate: '2030-01-01',
      endDate: '2030-01-01',
    });
    expect(event.eventType).toBe('Event');
    expect(normaliseEvent(event).eventType).toBe(event.eventType);
  });
});
