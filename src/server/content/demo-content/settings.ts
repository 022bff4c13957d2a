import type { SiteSettingsPatch } from '../../../schemas/site-settings';

/** The founder and contact details; the other site texts stay empty so the built-in wording shows. */
export const settings = {
  founderName: 'Dr. Amara Okafor',
  founderPosition: 'Founder & Executive Director',
  founderBio:
    'Amara founded the Meridian Institute in 2019 after a decade leading applied machine-learning teams in healthcare and public services. She holds a PhD in computer science from the University of Edinburgh, where her research focused on the robustness of clinical prediction models.\n\nBefore Meridian she directed the data science unit of a national health agency and advised the OECD on trustworthy AI. She serves on the boards of two open-data charities and writes regularly on how public institutions can adopt AI without giving up accountability.',
  founderLinkedin: 'https://www.linkedin.com/in/amara-okafor-meridian',
  founderEmail: 'amara.okafor@meridian-ai.org',
  founderImage: '/images/team/amara-okafor.svg',
  contactEmail: 'hello@meridian-ai.org',
  contactLocation: '14 Hatton Garden, London EC1N 8AT, United Kingdom',
  contactPhone: '+44 20 7946 0958',
} satisfies SiteSettingsPatch;
