import { expect, openAdmin, test, unique } from './admin-fixtures';

test('testimonials moderation shows the submitted photo and the pending count of the whole list', async ({
  page,
}) => {
  const name = unique('E2E Photo');
  // A visitor's photo is uploaded here or LinkedIn's (the one off-site host the pages allow for it).
  const image = 'https://media.licdn.com/dms/image/e2e-portrait.jpg';
  const sent = await page.request.post('/api/testimonials', {
    data: { name, content: 'A face to the name.', rating: 5, image },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const id = (await sent.json()).id;
  try {
    await openAdmin(page, '/admin/testimonials', 'Testimonials');
    const card = page.getByTestId('testimonial-row').filter({ hasText: name });
    // Newest pending submissions come first, so this one is on the first page.
    await expect(card.getByRole('img', { name: `Photo of ${name}` })).toHaveAttribute('src', image);
    // Big enough to judge, and a click away from full size.
    const box = await card.getByRole('img', { name: `Photo of ${name}` }).boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(80);
    await expect(card.getByRole('link', { name: `Photo of ${name}` })).toHaveAttribute(
      'href',
      image,
    );
    const listed = await (await page.request.get('/api/admin/testimonials?pageSize=20')).json();
    await expect(page.getByText(`${listed.pending} pending.`)).toBeVisible();
    await expect(page.getByTestId('testimonial-row')).toHaveCount(Math.min(20, listed.total));
    if (listed.total > 20) {
      await page
        .getByRole('navigation', { name: 'Pages' })
        .getByRole('button', { name: 'Next' })
        .click();
      await expect(
        page.getByText(`21–${Math.min(40, listed.total)} of ${listed.total}`),
      ).toBeVisible();
      await expect(card).toHaveCount(0);
    }
  } finally {
    await page.request.delete(`/api/admin/testimonials/${id}`);
  }
});
