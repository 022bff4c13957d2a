import {
  BarChart3,
  CalendarDays,
  FileText,
  History,
  Inbox,
  LayoutDashboard,
  Lightbulb,
  Mail,
  MessageSquareQuote,
  Phone,
  Settings,
  ToggleRight,
  UserRound,
  Users,
  Video,
  type LucideIcon,
} from 'lucide-react';

/** One admin page: its route name (the URL segment), menu label, icon and dashboard blurb. */
export interface AdminRoute {
  page: string;
  label: string;
  icon: LucideIcon;
  blurb: string;
}

/** Every admin page in menu order; 'index' is the dashboard at /admin. */
export const ADMIN_ROUTES: readonly AdminRoute[] = [
  { page: 'index', label: 'Dashboard', icon: LayoutDashboard, blurb: 'What needs attention' },
  { page: 'research-areas', label: 'Research areas', icon: Lightbulb, blurb: 'Strategic focus cards' },
  { page: 'team-members', label: 'Team members', icon: Users, blurb: 'Advisory team profiles' },
  { page: 'publications', label: 'Publications', icon: FileText, blurb: 'Reports, papers and briefs' },
  { page: 'stats', label: 'Stats', icon: BarChart3, blurb: 'Impact counters' },
  { page: 'events', label: 'Events', icon: CalendarDays, blurb: 'Events and workshops' },
  { page: 'testimonials', label: 'Testimonials', icon: MessageSquareQuote, blurb: 'Review and feature stories' },
  { page: 'site-settings', label: 'Site settings', icon: Settings, blurb: 'Every text on the site' },
  { page: 'section-visibility', label: 'Section visibility', icon: ToggleRight, blurb: 'Show or hide home sections' },
  { page: 'team-toggle', label: 'Team & founder', icon: UserRound, blurb: 'Team section and founder profile' },
  { page: 'contact-info', label: 'Contact info', icon: Phone, blurb: 'Location, e-mail and phone' },
  { page: 'video-settings', label: 'Video settings', icon: Video, blurb: 'Featured video and highlights' },
  { page: 'contact-forms', label: 'Contact messages', icon: Inbox, blurb: 'Messages from the contact form' },
  { page: 'subscriptions', label: 'Subscriptions', icon: Mail, blurb: 'Newsletter subscribers' },
  { page: 'history', label: 'History', icon: History, blurb: 'Recent changes and restore' },
];
