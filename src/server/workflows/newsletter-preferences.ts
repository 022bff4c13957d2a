import { maskEmail, saveTopics, subscriptionOfLink } from '../visitors/newsletter-preferences';
import type { Preferences } from '../../schemas/newsletter';
import { checkTopics, currentTopics, topicAreas } from './newsletter-topics';

/** A reader's preferences by the token of their newsletter link; 410 for a link that cannot be used. */
export async function readPreferences(token: string): Promise<Preferences> {
  const subscription = await subscriptionOfLink(token);
  const [topics, areas] = await Promise.all([currentTopics(subscription.topics), topicAreas()]);
  return { email: maskEmail(subscription.email), topics, areas };
}

/** Saves a reader's topics (unknown slugs are a 400) and answers what was stored. */
export async function changeTopics(token: string, topics: string[]): Promise<{ topics: string[] }> {
  const checked = await checkTopics(topics);
  const saved = await saveTopics(token, checked);
  return { topics: saved.topics ?? [] };
}
