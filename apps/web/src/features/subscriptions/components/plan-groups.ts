import type { Plan } from '@parley/domain/plans';

/** Plans in the order given, grouped by subject. */
export function groupBySubject(plans: Plan[]): [string, Plan[]][] {
  const groups = new Map<string, Plan[]>();
  for (const plan of plans) groups.set(plan.subject, [...(groups.get(plan.subject) ?? []), plan]);
  return [...groups.entries()];
}

/** A subject as an id part ('Kids English' → 'kids-english'). */
export function slugOf(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}
