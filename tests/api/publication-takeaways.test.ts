/** Key findings and recommendations: stored in order, read back, and validated (count and length). */
import { describe, expect, it } from 'vitest';
import { useAdminSite } from '../helpers/admin-site';

const t = useAdminSite();
const base = '/api/publications';
const report = { title: 'Testing Frontier Models', description: 'A report', type: 'Report' };

describe('publication key findings and recommendations', () => {
  it('round-trips both lists in order, and defaults them to []', async () => {
    const plain = await t.admin.post(base, { ...report, title: 'Plain report' });
    expect(plain.status).toBe(201);
    expect(plain.json).toMatchObject({ keyFindings: [], recommendations: [] });

    const keyFindings = ['Audits find what benchmarks miss.', 'Access matters more than size.'];
    const recommendations = ['Fund independent evaluators.'];
    const res = await t.admin.post(base, { ...report, keyFindings, recommendations });
    expect(res.status).toBe(201);
    const id = res.json.id as string;
    expect((await t.admin.get(`${base}/all/${id}`)).json).toMatchObject({
      keyFindings,
      recommendations,
    });

    const reordered = [...keyFindings].reverse();
    const patched = await t.admin.patch(`${base}/${id}`, { keyFindings: reordered });
    expect(patched.status).toBe(200);
    expect(patched.json).toMatchObject({ keyFindings: reordered, recommendations });
  });

  it('refuses 13 findings, and an item over 500 characters, with a clear 400', async () => {
    const many = Array.from({ length: 13 }, (_, i) => `Finding ${i + 1}`);
    const tooMany = await t.admin.post(base, { ...report, keyFindings: many });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.message).toBe('At most 12 key findings');
    expect(tooMany.json.fields).toMatchObject({ keyFindings: 'At most 12 key findings' });

    const long = await t.admin.post(base, { ...report, recommendations: ['x'.repeat(501)] });
    expect(long.status).toBe(400);
    expect(long.json.message).toBe('Each of the recommendations must be at most 500 characters');
  });
});
