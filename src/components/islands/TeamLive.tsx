import { useEffect, useState } from 'react';
import { ICONS, STROKE_ICONS } from '../layout/icons';
import { fetchQuery } from '../../lib/api';
import { memberInitials } from '../../lib/format';
import type { TeamMember } from '../../schemas/team-member';

/** The member fields the team page shows. */
export type TeamMemberView = Pick<TeamMember, 'id' | 'name' | 'position' | 'bio' | 'image' | 'linkedin' | 'twitter' | 'email' | 'order' | 'createdAt'>;

/** Team list freshness (spec §9): a page built less than 5 minutes ago is not re-checked. */
const FRESH_MS = 5 * 60_000;

// Sorting here (not the shared byOrder from the schemas) keeps zod out of the team page's bundle.
const byOrder = (a: TeamMemberView, b: TeamMemberView) =>
  (a.order ?? 999) - (b.order ?? 999) || (a.createdAt ?? '').localeCompare(b.createdAt ?? '');

function Icon({ name, className = 'size-4' }: { name: keyof typeof ICONS; className?: string }) {
  const stroke = STROKE_ICONS.has(name);
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" fill={stroke ? 'none' : 'currentColor'} stroke={stroke ? 'currentColor' : 'none'} strokeWidth={stroke ? 2 : undefined} strokeLinecap="round" strokeLinejoin="round">
      <path d={ICONS[name]} />
    </svg>
  );
}

const iconLink = 'inline-flex size-10 items-center justify-center rounded-full border border-slate-200 text-ink-muted transition hover:border-brand-300 hover:bg-brand-50 hover:text-brand-700';

/** One advisory card. The bio is a native exclusive <details>, so it works before hydration too. */
function MemberCard({ m }: { m: TeamMemberView }) {
  return (
    <article id={`member-${m.id}`} className="flex scroll-mt-28 flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md" data-member>
      <div className="relative aspect-[4/3] bg-brand-50">
        {m.image ? (
          <img src={m.image} alt={`Portrait of ${m.name}`} className="size-full object-cover object-top" loading="lazy" decoding="async" width={480} height={360} />
        ) : (
          // No photo yet: a monogram placeholder.
          <div className="flex size-full items-center justify-center bg-linear-to-br from-brand-100 via-brand-50 to-accent-400/25" aria-hidden="true">
            <span className="font-display text-6xl font-semibold text-brand-800/70">{memberInitials(m.name)}</span>
          </div>
        )}
        <span className="absolute left-4 top-4 rounded-full bg-white/95 px-3 py-1 text-xs font-semibold text-brand-800 shadow-sm">Advisory Team</span>
      </div>
      <div className="flex flex-1 flex-col p-6">
        <h3 className="font-display text-xl font-semibold text-ink" data-member-name>{m.name}</h3>
        <p className="mt-1 text-sm font-medium text-brand-700">{m.position}</p>
        {(m.linkedin || m.twitter || m.email) && (
          <ul className="mt-4 flex gap-2" aria-label={`${m.name} elsewhere`}>
            {m.linkedin && (
              <li><a className={iconLink} href={m.linkedin} target="_blank" rel="noopener noreferrer" aria-label={`${m.name} on LinkedIn (opens in a new tab)`}><Icon name="linkedin" /></a></li>
            )}
            {m.twitter && (
              <li><a className={iconLink} href={m.twitter} target="_blank" rel="noopener noreferrer" aria-label={`${m.name} on X (Twitter) (opens in a new tab)`}><Icon name="twitter" /></a></li>
            )}
            {m.email && (
              <li><a className={iconLink} href={`mailto:${m.email}`} aria-label={`Email ${m.name}`}><Icon name="mail" /></a></li>
            )}
          </ul>
        )}
        <details name="advisory-bio" className="group mt-5 border-t border-slate-100 pt-4" data-bio>
          <summary className="inline-flex min-h-10 cursor-pointer list-none items-center gap-1.5 rounded-md text-sm font-semibold text-brand-700 hover:text-brand-900 [&::-webkit-details-marker]:hidden">
            <span className="group-open:hidden">Bio</span>
            <span className="hidden group-open:inline">Less</span>
            <span className="sr-only"> about {m.name}</span>
            <Icon name="chevron" className="size-4 transition-transform group-open:rotate-180" />
          </summary>
          <p className="mt-2 whitespace-pre-line text-sm leading-relaxed text-ink-muted">{m.bio?.trim() || 'Professional biography coming soon...'}</p>
        </details>
      </div>
    </article>
  );
}

/**
 * The advisory team grid: rendered at build time from the content store, then re-checked
 * against /api/team-members when the page is older than the list's 5-minute freshness.
 */
export default function TeamLive({ initial, builtAt }: { initial: TeamMemberView[] | null; builtAt: number }) {
  const [members, setMembers] = useState(initial);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (initial && Date.now() - builtAt < FRESH_MS) return;
    let live = true;
    fetchQuery<TeamMemberView[]>('/api/team-members').then(
      (list) => live && Array.isArray(list) && setMembers(list.slice().sort(byOrder)),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [initial, builtAt]);

  // Build-time data stays on screen when the re-check fails; the messages are for having none.
  if (!members && failed) {
    return <p className="rounded-xl border border-red-200 bg-red-50 p-6 text-center text-red-800" role="alert">Error loading team members. Please refresh the page to try again.</p>;
  }
  if (!members) {
    return <p className="p-6 text-center text-ink-muted" role="status">Loading team members...</p>;
  }
  if (!members.length) {
    return <p className="rounded-xl border border-dashed border-slate-300 p-10 text-center text-ink-muted">No team members to display at this time.</p>;
  }
  return (
    <ul className="grid grid-cols-1 items-start gap-6 md:grid-cols-2 lg:grid-cols-3 lg:gap-8" data-team-grid>
      {members.map((m) => (
        <li key={m.id}>
          <MemberCard m={m} />
        </li>
      ))}
    </ul>
  );
}
