/** One import for every entity schema. */
export * from './common';
export * from './contact-form';
export * from './event';
export * from './newsletter';
export * from './publication';
export * from './research-area';
export * from './site-settings';
export * from './stat';
export * from './team-member';
export * from './testimonial';
export * from './user';
