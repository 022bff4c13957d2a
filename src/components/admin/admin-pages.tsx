import BarChart3 from 'lucide-react/icons/chart-column';
import CalendarDays from 'lucide-react/icons/calendar-days';
import ChartLine from 'lucide-react/icons/chart-line';
import ClipboardCheck from 'lucide-react/icons/clipboard-check';
import FileText from 'lucide-react/icons/file-text';
import History from 'lucide-react/icons/rotate-ccw-clock';
import Images from 'lucide-react/icons/images';
import Inbox from 'lucide-react/icons/inbox';
import KeyRound from 'lucide-react/icons/key-round';
import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import Lightbulb from 'lucide-react/icons/lightbulb';
import Link2 from 'lucide-react/icons/link-2';
import LifeBuoy from 'lucide-react/icons/life-buoy';
import Mail from 'lucide-react/icons/mail';
import Rocket from 'lucide-react/icons/rocket';
import MailWarning from 'lucide-react/icons/mail-exclamation-point';
import Newspaper from 'lucide-react/icons/newspaper';
import MessageSquareQuote from 'lucide-react/icons/message-square-quote';
import Phone from 'lucide-react/icons/phone';
import Settings from 'lucide-react/icons/settings';
import ShieldCheck from 'lucide-react/icons/shield-check';
import ShieldX from 'lucide-react/icons/shield-x';
import ToggleRight from 'lucide-react/icons/toggle-right';
import UserRound from 'lucide-react/icons/user-round';
import Users from 'lucide-react/icons/users';
import Video from 'lucide-react/icons/video';
import { preloadable } from '../ui/preloadable';
import { can, type Role } from '../../schemas/roles';

export type { AdminPage, MenuEntry, PageProps } from './admin-page-types';
import type { AdminPage, PageProps } from './admin-page-types';

// Each page is its own chunk, fetched when first opened (admin pages load on demand).
const collection = preloadable<PageProps>(() => import('./collections/CollectionPage'));
const settings = preloadable<PageProps>(() => import('./settings/SettingsPage'));

const page = (p: Omit<AdminPage, 'inMenu'> & { inMenu?: boolean }): AdminPage => ({
  inMenu: true,
  ...p,
});

/** Every admin page in menu order. */
export const ADMIN_PAGES: readonly AdminPage[] = [
  page({
    page: 'index',
    label: 'Dashboard',
    icon: LayoutDashboard,
    blurb: 'What needs attention',
    component: preloadable<PageProps>(() => import('./pages/Dashboard')),
    permission: 'content',
  }),
  page({
    page: 'research-areas',
    label: 'Research areas',
    icon: Lightbulb,
    blurb: 'Strategic focus cards',
    component: collection,
    permission: 'edit',
  }),
  page({
    page: 'team-members',
    label: 'Team members',
    icon: Users,
    blurb: 'Advisory team profiles',
    component: collection,
    permission: 'edit',
  }),
  page({
    page: 'publications',
    label: 'Publications',
    icon: FileText,
    blurb: 'Reports, papers and briefs',
    component: collection,
    permission: 'edit',
  }),
  page({
    page: 'stats',
    label: 'Stats',
    icon: BarChart3,
    blurb: 'Impact counters',
    component: collection,
    permission: 'edit',
  }),
  page({
    page: 'events',
    label: 'Events',
    icon: CalendarDays,
    blurb: 'Events and workshops',
    component: collection,
    permission: 'edit',
  }),
  page({
    page: 'media',
    label: 'Media',
    icon: Images,
    blurb: 'Images, alt text, credits and crops',
    component: preloadable<PageProps>(() => import('./media/MediaPage')),
    permission: 'content',
  }),
  page({
    page: 'testimonials',
    label: 'Testimonials',
    icon: MessageSquareQuote,
    blurb: 'Review and feature stories',
    component: preloadable<PageProps>(() => import('./pages/Testimonials')),
    permission: 'content',
  }),
  page({
    page: 'releases',
    label: 'Releases',
    icon: Rocket,
    blurb: 'Changes that go live together',
    component: preloadable<PageProps>(() => import('./pages/ReleasesPage')),
    permission: 'content',
  }),
  page({
    page: 'preview-links',
    label: 'Preview links',
    icon: Link2,
    blurb: 'Share drafts under embargo',
    component: preloadable<PageProps>(() => import('./pages/PreviewLinksPage')),
    permission: 'content',
  }),
  page({
    page: 'analytics',
    label: 'Analytics',
    icon: ChartLine,
    blurb: 'What was read, without cookies',
    component: preloadable<PageProps>(() => import('./pages/AnalyticsPage')),
    permission: 'content',
  }),
  page({
    page: 'site-settings',
    label: 'Site settings',
    icon: Settings,
    blurb: 'Every text on the site',
    component: settings,
    permission: 'content',
  }),
  page({
    page: 'section-visibility',
    label: 'Section visibility',
    icon: ToggleRight,
    blurb: 'Show or hide home sections',
    component: settings,
    permission: 'content',
  }),
  page({
    page: 'team-toggle',
    label: 'Team & founder',
    icon: UserRound,
    blurb: 'Team section and founder profile',
    component: settings,
    permission: 'content',
  }),
  page({
    page: 'contact-info',
    label: 'Contact info',
    icon: Phone,
    blurb: 'Location, e-mail and phone',
    component: settings,
    permission: 'content',
  }),
  page({
    page: 'video-settings',
    label: 'Video settings',
    icon: Video,
    blurb: 'Featured video and highlights',
    component: settings,
    permission: 'content',
  }),
  page({
    page: 'newsletter',
    label: 'Newsletter',
    icon: Newspaper,
    blurb: 'Write, preview and send issues',
    component: preloadable<PageProps>(() => import('./pages/newsletter/NewsletterPage')),
    permission: 'content',
  }),
  page({
    page: 'contact-forms',
    label: 'Contact messages',
    icon: Inbox,
    blurb: 'Messages from the contact form',
    component: preloadable<PageProps>(() => import('./pages/ContactForms')),
    permission: 'personal-data',
  }),
  page({
    page: 'subscriptions',
    label: 'Subscriptions',
    icon: Mail,
    blurb: 'Newsletter subscribers',
    component: preloadable<PageProps>(() => import('./pages/Subscriptions')),
    permission: 'personal-data',
  }),
  page({
    page: 'privacy',
    label: 'Privacy',
    icon: ShieldX,
    blurb: 'Find and erase one person’s data',
    component: preloadable<PageProps>(() => import('./pages/PrivacyPage')),
    permission: 'personal-data',
  }),
  page({
    page: 'email',
    label: 'Email',
    icon: MailWarning,
    blurb: 'Sending, and failed deliveries',
    component: preloadable<PageProps>(() => import('./pages/MailPage')),
    permission: 'personal-data',
  }),
  page({
    page: 'proposals',
    label: 'Proposals',
    icon: ClipboardCheck,
    blurb: 'Changes waiting for a second person',
    component: preloadable<PageProps>(() => import('./pages/ProposalsPage')),
    permission: 'edit',
  }),
  page({
    page: 'history',
    label: 'History',
    icon: History,
    blurb: 'Recent changes and restore',
    component: preloadable<PageProps>(() => import('./pages/HistoryPage')),
    permission: 'content',
  }),
  page({
    page: 'users',
    label: 'Users',
    icon: ShieldCheck,
    blurb: 'Team accounts, roles and sign-in rules',
    component: preloadable<PageProps>(() => import('./pages/users/UsersPage')),
    permission: 'users',
  }),
  page({
    page: 'help',
    label: 'Help',
    icon: LifeBuoy,
    blurb: 'How to edit, publish, schedule and restore',
    component: preloadable<PageProps>(() => import('./pages/HelpPage')),
    permission: null,
  }),
  page({
    page: 'account',
    label: 'My account',
    icon: KeyRound,
    blurb: 'Password, email address, two-factor sign-in, sessions',
    component: preloadable<PageProps>(() => import('./pages/AccountPage')),
    permission: null,
    inMenu: false,
  }),
];

/** The page declared for a route name (unknown names show the dashboard). */
export const adminPage = (name: string): AdminPage =>
  ADMIN_PAGES.find((p) => p.page === name) ?? ADMIN_PAGES[0]!;

/** Whether a role may open a page. */
export const mayOpen = (role: Role, p: AdminPage): boolean =>
  p.permission === null || can(role, p.permission);

/** The menu of a role: only what it can use. */
export const menuFor = (role: Role): AdminPage[] =>
  ADMIN_PAGES.filter((p) => p.inMenu && mayOpen(role, p));
