import { z } from 'zod';

/** A bounce or complaint in the site's own shape (any provider that can post JSON). */
export const genericBounceSchema = z.strictObject({
  type: z.enum(['bounce', 'complaint'], { error: 'type must be bounce or complaint' }),
  email: z.email({ error: 'email must be an email address' }),
  /** A hard bounce: the address does not exist. Soft bounces (full mailbox) change nothing. */
  permanent: z.boolean().optional(),
  issueId: z.string().max(100).optional(),
});

/** Postmark's bounce and spam-complaint webhooks (the fields this site reads; the rest are kept out). */
export const postmarkBounceSchema = z.looseObject({
  RecordType: z.enum(['Bounce', 'SpamComplaint']),
  /** HardBounce, SoftBounce, Transient, …: only HardBounce suppresses. */
  Type: z.string().max(100).optional(),
  Email: z.email(),
  /** What the message carried as X-PM-Metadata-issueId. */
  Metadata: z.record(z.string(), z.string()).optional(),
});

/** POST /api/newsletter/bounces: either shape. */
export const bounceInputSchema = z.union([genericBounceSchema, postmarkBounceSchema], {
  error:
    'Send { type: "bounce" | "complaint", email, permanent?, issueId? } or a Postmark bounce or spam-complaint webhook',
});
export type BounceInput = z.infer<typeof bounceInputSchema>;

/** What a bounce means for the list, whatever shape it came in. */
export interface BounceEvent {
  kind: 'hard' | 'soft' | 'complaint';
  email: string;
  issueId?: string;
}

/** Reads either shape as one event. */
export function bounceEvent(input: BounceInput): BounceEvent {
  // Postmark's shape keeps unknown fields, so `'type' in input` cannot tell the two apart.
  const generic = genericBounceSchema.safeParse(input);
  if (generic.success) {
    const { type, email, permanent, issueId } = generic.data;
    return {
      kind: type === 'complaint' ? 'complaint' : permanent ? 'hard' : 'soft',
      email,
      ...(issueId ? { issueId } : {}),
    };
  }
  const postmark = postmarkBounceSchema.parse(input);
  const issueId = postmark.Metadata?.issueId;
  return {
    kind:
      postmark.RecordType === 'SpamComplaint'
        ? 'complaint'
        : postmark.Type === 'HardBounce'
          ? 'hard'
          : 'soft',
    email: postmark.Email,
    ...(issueId ? { issueId } : {}),
  };
}
