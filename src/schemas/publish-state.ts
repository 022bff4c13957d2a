import { z } from 'zod';

/** What admins see of publishing: whether their last change is live yet, and the last build. */
export const publishStateSchema = z.object({
  /** queued: a change waits for a build; building; live; failed: the last build or hook call failed. */
  state: z.enum(['live', 'queued', 'building', 'failed']),
  lastChangeAt: z.string().nullable(),
  lastBuildAt: z.string().nullable(),
  lastBuildDurationMs: z.number().nullable(),
  lastError: z.string().nullable(),
  /**
   * Records the last build left out because they could not render (which record, which page,
   * why): the rest of the site was published. Empty when everything was.
   */
  skipped: z.array(
    z.object({
      kind: z.string(),
      id: z.string(),
      title: z.string(),
      page: z.string(),
      reason: z.string(),
    }),
  ),
});
export type PublishState = z.infer<typeof publishStateSchema>;
