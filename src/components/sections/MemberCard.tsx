import { Icon } from '../ui/Icon';
import { memberInitials } from '../../lib/format';
import { personUrl } from '../../lib/people';
import { personLinks } from '../../lib/person-links';
import { memberPhoto, responsiveImage } from '../../lib/responsive-image';
import { objectPosition, type ImageFocus } from '../../schemas/image-focus';
import { shownImage } from '../../schemas/image-source';
import { shownName } from '../../schemas/cited-name';
import type { TeamMember } from '../../schemas/team-member';

/** The member fields a card shows. */
export type MemberCardData = Pick<
  TeamMember,
  'id' | 'name' | 'honorific' | 'position' | 'bio' | 'image' | 'linkedin' | 'twitter' | 'email'
> & {
  /** Their page's slug; a list read before slugs existed may lack it, and the card then has no profile link. */
  slug?: string;
};

const iconLink =
  'inline-flex size-10 items-center justify-center rounded-full border border-slate-200 text-ink-muted transition hover:border-brand-300 hover:bg-brand-50 hover:text-brand-700';

/**
 * One team member, the same card on the home page (rendered to static HTML) and on /team (inside
 * TeamList, which a stale /team renders again in the browser): photo or a modest monogram, name, position, the links that are set, and
 * a Bio/Less toggle, and a link to their own page (/team/<slug>). The bio is a native exclusive <details> (`bioGroup` names the group), so it
 * works without JavaScript. Texts carry the inline editor's markers. `photoSizes` is the card's
 * width in its grid (balancedCellSizes), so the photo is fetched at the size it is shown. `focus`:
 * the photo's focal point from the media library, which places the crop (else the fixed one).
 */
export function MemberCard({
  m,
  badge,
  bioGroup,
  photoSizes,
  focus,
}: {
  m: MemberCardData;
  badge?: string;
  bioGroup: string;
  photoSizes: string;
  focus?: ImageFocus;
}) {
  // A photo stored on another site would be blocked by the page: the monogram shows instead.
  const photo = shownImage(m.image);
  const links = personLinks(m.name, m);
  return (
    <article
      id={`member-${m.id}`}
      className="flex h-full scroll-mt-28 flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md"
      data-member
    >
      <div className="relative h-60 bg-brand-50">
        {photo ? (
          <img
            {...responsiveImage(photo, memberPhoto(photoSizes), focus)}
            data-edit-image={`team-members.${m.id}.image`}
            style={focus ? { objectPosition: objectPosition(focus) } : undefined}
            alt={`Portrait of ${shownName(m.honorific, m.name)}`}
            className="size-full object-cover object-[50%_38%]"
            loading="lazy"
            decoding="async"
            width={480}
            height={360}
          />
        ) : (
          // No photo yet: a monogram, sized like an avatar rather than a poster.
          <div
            className="flex size-full items-center justify-center bg-linear-to-br from-brand-100 via-brand-50 to-accent-400/25"
            aria-hidden="true"
            data-edit-image={`team-members.${m.id}.image`}
          >
            <span
              className="flex size-24 items-center justify-center rounded-full bg-white/70 font-display text-3xl font-semibold text-brand-800 ring-1 ring-brand-200"
              data-monogram
            >
              {memberInitials(m.name)}
            </span>
          </div>
        )}
        {badge && (
          <span className="absolute top-4 left-4 rounded-full bg-white/95 px-3 py-1 text-xs font-semibold text-brand-800 shadow-sm">
            {badge}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col p-6">
        <div className="flex-1">
          <h3 className="font-display text-xl font-semibold text-ink">
            {/* The honorific sits outside the editable name: it is a field of its own. */}
            {m.honorific && <span data-member-honorific>{m.honorific} </span>}
            <span data-member-name data-edit={`team-members.${m.id}.name`}>
              {m.name}
            </span>
          </h3>
          <p
            className="mt-1 text-sm font-medium text-brand-700"
            data-edit={`team-members.${m.id}.position`}
          >
            {m.position}
          </p>
          {links.length > 0 && (
            <ul className="mt-4 flex gap-2" aria-label={`${m.name} elsewhere`}>
              {links.map((l) => (
                <li key={l.icon}>
                  <a
                    className={iconLink}
                    href={l.href}
                    target={l.newTab ? '_blank' : undefined}
                    rel={l.newTab ? 'noopener noreferrer' : undefined}
                    aria-label={l.label}
                  >
                    <Icon name={l.icon} />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        <details name={bioGroup} className="group mt-5 border-t border-slate-100 pt-4" data-bio>
          <summary className="inline-flex min-h-10 cursor-pointer list-none items-center gap-1.5 rounded-md text-sm font-semibold text-brand-700 hover:text-brand-900 [&::-webkit-details-marker]:hidden">
            <span className="group-open:hidden">Bio</span>
            <span className="hidden group-open:inline">Less</span>
            <span className="sr-only"> about {m.name}</span>
            <Icon name="chevron" className="size-4 transition-transform group-open:rotate-180" />
          </summary>
          {m.bio?.trim() ? (
            <p
              className="mt-2 text-sm leading-relaxed whitespace-pre-line text-ink-muted"
              data-edit={`team-members.${m.id}.bio`}
              data-edit-multiline
            >
              {m.bio}
            </p>
          ) : (
            <p className="mt-2 text-sm leading-relaxed text-ink-muted">
              Professional biography coming soon...
            </p>
          )}
        </details>
        {m.slug && (
          <a
            href={personUrl({ slug: m.slug })}
            className="mt-3 inline-flex min-h-10 items-center gap-1.5 self-start text-sm font-semibold text-brand-700 hover:text-brand-900"
            data-person-link
          >
            Full profile<span className="sr-only"> of {m.name}</span>
            <Icon name="arrow" className="size-4" />
          </a>
        )}
      </div>
    </article>
  );
}
