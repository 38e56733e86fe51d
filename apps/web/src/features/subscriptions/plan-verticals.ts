// Which plans each plans page sells: a small module of its own, as the router reads it to know
// which /{vertical}/subscription-plans exist (on the server too, to answer 404 for the others).

export type PlanVertical = { title: string; subjects: readonly string[] | null; demoSubject?: 'English' | 'IELTS' };

// Which plans each vertical sells (plan subjects as the server names them); null = every plan.
export const planVerticals: Record<string, PlanVertical> = {
  learner: { title: 'Spoken English plans', subjects: ['English'], demoSubject: 'English' },
  english: { title: 'Spoken English plans', subjects: ['English'], demoSubject: 'English' },
  ielts: { title: 'IELTS plans', subjects: ['IELTS'], demoSubject: 'IELTS' },
  kids: { title: 'Kids plans', subjects: ['Kids English', 'Financial Education'] },
  'kid-peer': { title: 'Kids Peer Learning plans', subjects: ['Peer'] },
  peer: { title: 'Peer Learning plans', subjects: ['Peer'] },
  'peer-learning': { title: 'Peer Learning plans', subjects: ['Peer'] },
  curriculum: { title: 'Curriculum pricing', subjects: ['Curriculum'] },
  courses: { title: 'Plans', subjects: null },
};

/** /learner/subscription-plans for a new-curriculum learner (spec §2.2 sends them there): the Curriculum plans. */
export const newCurriculumPlans: PlanVertical = { title: 'Curriculum plans', subjects: ['Curriculum'] };

/** Whether /{vertical}/subscription-plans is a page. */
export function isKnownPlanVertical(vertical: string | undefined): boolean {
  return vertical !== undefined && Object.hasOwn(planVerticals, vertical);
}
