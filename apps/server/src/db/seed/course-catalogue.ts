import type { CourseLevel, CourseSubject, LessonKind } from '@parley/domain/courses';

// The demo catalogue: what two creators wrote, in their own words. Media files are named by
// slug in ./media (made by scripts/generate-seed-media.mjs); handouts and bonus PDFs are written
// at seed time from the text here. Video lessons play the course's clip, PDF lessons its handout.

export type SeedLesson = {
  key: string;
  title: string;
  kind: LessonKind;
  durationMin: number;
  isPreview?: boolean;
  /** Text lessons: paragraphs separated by a blank line. */
  text?: string;
  /** A draft's lesson whose file the creator has not uploaded yet. */
  noMedia?: boolean;
};

/** Blocks of a generated PDF, in reading order. */
export type PdfBlock = { heading: string; paragraphs?: string[]; bullets?: string[] };

export type SeedPdf = { title: string; subtitle: string; intro: string; blocks: PdfBlock[]; notesHeading?: string };

/** A reviewer has done two lessons, or every lesson (and holds the certificate) when `completed`. */
export type SeedReview = { reviewer: SeedReviewerKey; stars: number; review: string; daysAgo: number; completed?: true };

export type SeedCourse = {
  slug: string;
  subject: CourseSubject;
  creator: 'farhan' | 'meera';
  title: string;
  level: CourseLevel;
  description: string;
  prices: { INR: number; USD: number };
  /** The cover's colour, as in the generator, for the handout's header band. */
  colour: [number, number, number];
  status: { kind: 'live'; publishedDaysAgo: number } | { kind: 'in_review'; submittedDaysAgo: number } | { kind: 'draft' } | { kind: 'rejected'; submittedDaysAgo: number; reason: string };
  modules: { key: string; title: string; lessons: SeedLesson[] }[];
  handout?: SeedPdf;
  bonuses?: { bonusName: string; fileSlug: string; pdf: SeedPdf }[];
  reviews?: SeedReview[];
};

export const seedReviewers = {
  ayesha: { name: 'Ayesha Khan', email: 'ayesha.khan@parley.test', country: 'IN', timezone: 'Asia/Kolkata' },
  arjun: { name: 'Arjun Mehta', email: 'arjun.mehta@parley.test', country: 'IN', timezone: 'Asia/Kolkata' },
  sofia: { name: 'Sofia Fernandes', email: 'sofia.fernandes@parley.test', country: 'IN', timezone: 'Asia/Kolkata' },
  karthik: { name: 'Karthik Reddy', email: 'karthik.reddy@parley.test', country: 'IN', timezone: 'Asia/Kolkata' },
  lucy: { name: 'Lucy Bennett', email: 'lucy.bennett@parley.test', country: 'US', timezone: 'America/Chicago' },
} as const;
export type SeedReviewerKey = keyof typeof seedReviewers;

export const seedCreators = {
  farhan: 'creator@parley.test',
  meera: 'creator.meera@parley.test',
} as const;

const paragraphs = (...list: string[]) => list.join('\n\n');

export const seedCatalogue: SeedCourse[] = [
  {
    slug: 'everyday-english',
    subject: 'English',
    creator: 'farhan',
    title: 'Everyday English Conversations',
    level: 'Beginner',
    description:
      'Small talk, ordering food, asking the way and making plans: the conversations you have every day, practised slowly and then at natural speed. Each lesson gives you phrases you can use the same afternoon, a short dialogue to read aloud and a task to try with a friend or a tutor. Made for learners who understand more English than they can say.',
    prices: { INR: 79_900, USD: 999 },
    colour: [0x1d, 0x4e, 0xd8],
    status: { kind: 'live', publishedDaysAgo: 42 },
    modules: [
      {
        key: 'm1',
        title: 'Starting a conversation',
        lessons: [
          { key: 'welcome', title: 'Welcome: how this course works', kind: 'video', durationMin: 3, isPreview: true },
          {
            key: 'greetings',
            title: 'Greetings that sound natural',
            kind: 'text',
            durationMin: 8,
            text: paragraphs(
              '"How do you do?" is correct, but almost nobody says it any more. Everyday greetings are short and relaxed: "Hi, how are you?", "Hey, how’s it going?", "Morning!" The answer is short too. People rarely want a full report; "Good, thanks. You?" keeps the conversation moving and hands the turn back.',
              'Match the greeting to the moment. With a neighbour or a colleague you see daily, "Hi" and a smile are enough. With someone you have not seen for a while, add a follow-up: "Long time no see! How have you been?" With a stranger at a counter, "Hi there" or "Good afternoon" sounds friendly and polite at the same time.',
              'Try this today: greet three people in English and ask one follow-up question each, such as "Busy day?" or "Did you have a good weekend?" Notice how the other person answers, and copy the phrases you like.',
            ),
          },
          {
            key: 'small-talk',
            title: 'Small talk without the awkward pauses',
            kind: 'text',
            durationMin: 10,
            text: paragraphs(
              'Small talk is not about the weather; it is about showing the other person you are friendly and open. Safe topics are the things you both share right now: the place, the event, the traffic, the food, the week so far. "This place is busy today, isn’t it?" invites a reply without asking anything personal.',
              'The secret to avoiding silence is the open question. "Do you like it here?" can end with "Yes." "What do you like about it?" needs a sentence. When you answer, give one extra detail and a question back: "I’ve been here twice. The coffee is great. Have you tried the cake?"',
              'If you need a moment to think, use a filler instead of freezing: "Hmm, let me think", "That’s a good question", "Well, actually…" These sound natural and buy you two or three seconds.',
            ),
          },
        ],
      },
      {
        key: 'm2',
        title: 'Out and about',
        lessons: [
          {
            key: 'ordering',
            title: 'Ordering at a café or restaurant',
            kind: 'text',
            durationMin: 10,
            text: paragraphs(
              'Ordering politely in English is mostly about softening. "I want a coffee" is clear but sounds blunt. "Could I have a coffee, please?" or "I’ll have the pasta, please" sounds friendly. "I’d like…" works everywhere, from a street stall to a smart restaurant.',
              'Be ready for the questions that come back: "For here or to take away?", "Anything else?", "How would you like it?" A simple "For here, please", "That’s all, thanks" or "Medium, please" is all you need. If you did not catch something, say "Sorry, could you say that again?" — people repeat gladly.',
              'At the end, ask for the bill with "Could we have the bill, please?" (in American English, "the check"). To split it: "Can we pay separately?" Practise the whole exchange aloud once before your next meal out.',
            ),
          },
          { key: 'handout', title: 'Handout: phrases for shops, cafés and directions', kind: 'pdf', durationMin: 12 },
          {
            key: 'directions',
            title: 'Asking for and giving directions',
            kind: 'text',
            durationMin: 9,
            text: paragraphs(
              'Start with an apology and a polite question: "Excuse me, could you tell me how to get to the station?" or "Sorry to bother you, is there a pharmacy near here?" The word "near" is your friend; it makes the question easy to answer.',
              'Directions use a small set of words: go straight on, turn left, turn right, take the second road on the left, it’s on the corner, it’s opposite the bank, it’s next to the post office. Listen for landmarks, not street names, and repeat back what you heard: "So, straight on and left at the bank?"',
              'When you give directions, keep each step short and pause between them. Finish with a distance or a time: "It’s about five minutes on foot." A smile and "You can’t miss it" make the stranger feel looked after.',
            ),
          },
        ],
      },
      {
        key: 'm3',
        title: 'Making plans',
        lessons: [
          {
            key: 'inviting',
            title: 'Inviting, accepting and saying no politely',
            kind: 'text',
            durationMin: 10,
            text: paragraphs(
              'Invitations in English are usually questions: "Do you want to grab lunch on Friday?", "Would you like to come to my sister’s wedding?", "Are you free on Saturday evening?" The last one is useful because it lets the other person say no before they know what the plan is.',
              'To accept, sound pleased and confirm the detail: "I’d love to. What time?" To say no, soften it with a reason and a new offer: "I’m afraid I can’t this Friday — I’m working late. How about next week?" A plain "No" can sound cold, even when you mean it kindly.',
              'Practise with a friend: take turns inviting each other to three things, and answer once with yes, once with no and once with "Can I let you know tomorrow?"',
            ),
          },
          {
            key: 'weekend',
            title: 'Talking about your weekend',
            kind: 'text',
            durationMin: 8,
            text: paragraphs(
              '"How was your weekend?" is the most common Monday question at work. A good answer has three parts: a short verdict ("Really nice, thanks"), one or two things you did in the past simple ("We went to the beach and had lunch at my aunt’s"), and a question back ("How about you?").',
              'Watch the past forms of common verbs: go – went, have – had, see – saw, eat – ate, take – took, meet – met. Saying "I go to the cinema" about last Saturday is the most common beginner mistake, and fixing it makes you sound far more fluent.',
              'Write down what you did last weekend in three sentences, read them aloud twice, then say them without looking. That is your answer ready for Monday morning.',
            ),
          },
        ],
      },
    ],
    handout: {
      title: 'Phrases for shops, cafés and directions',
      subtitle: 'Everyday English Conversations · Module 2',
      intro: 'Keep this sheet on your phone or print it. Read each phrase aloud twice, then cover the left column and try to remember it. The dialogues at the end are for practising with a partner.',
      blocks: [
        {
          heading: 'At a café or restaurant',
          bullets: [
            'Could I have a cappuccino, please?',
            'I’ll have the vegetable curry, please.',
            'Is this dish spicy?',
            'Could we have some water, please?',
            'For here, please. / To take away, please.',
            'That’s all, thanks.',
            'Could we have the bill, please?',
            'Can we pay separately?',
          ],
        },
        {
          heading: 'In a shop',
          bullets: [
            'Excuse me, do you have this in a smaller size?',
            'How much is this?',
            'I’m just looking, thanks.',
            'Can I pay by card?',
            'Could I get a receipt, please?',
            'Can I return this if it doesn’t fit?',
          ],
        },
        {
          heading: 'Asking the way',
          bullets: [
            'Excuse me, how do I get to the station?',
            'Is there a pharmacy near here?',
            'Is it far? / Can I walk there?',
            'Sorry, could you say that again more slowly?',
            'So it’s straight on and then left at the bank?',
          ],
        },
        {
          heading: 'Giving directions',
          bullets: [
            'Go straight on for about two minutes.',
            'Turn left at the traffic lights.',
            'Take the second road on the right.',
            'It’s on the corner, opposite the bank.',
            'It’s about five minutes on foot.',
          ],
        },
        {
          heading: 'Practise with a partner',
          paragraphs: [
            'Dialogue 1\nA: Hi, could I have a tea and a samosa, please?\nB: Sure. For here or to take away?\nA: For here, please.\nB: Anything else?\nA: That’s all, thanks. How much is it?',
            'Dialogue 2\nA: Excuse me, is there a bank near here?\nB: Yes, go straight on and take the first road on the left. It’s next to the supermarket.\nA: So, straight on and first left?\nB: That’s right. About three minutes on foot.\nA: Thanks so much!',
            'Now swap roles, and change one detail each time: the food, the shop, the place you are looking for.',
          ],
        },
      ],
      notesHeading: 'My own phrases (write five you want to use this week)',
    },
    reviews: [
      { reviewer: 'ayesha', stars: 5, review: 'Short lessons I could finish on the bus. The small talk tips helped me at my new office.', daysAgo: 30, completed: true },
      { reviewer: 'karthik', stars: 4, review: 'Clear and practical. I wanted a few more dialogues, but the handout is great.', daysAgo: 22 },
      { reviewer: 'lucy', stars: 5, review: 'Bought it for my mother-in-law who is learning English. She loves the café lesson.', daysAgo: 9 },
    ],
  },
  {
    slug: 'business-english',
    subject: 'English',
    creator: 'meera',
    title: 'Business English for Meetings and Emails',
    level: 'Intermediate',
    description:
      'Run a meeting, disagree without offending anyone and write emails people answer. This course takes the language of real workplaces — agendas, updates, follow-ups, polite pushback — and gives you phrases, model emails and short speaking tasks. For professionals who already work in English and want to sound clear and confident.',
    prices: { INR: 149_900, USD: 1_999 },
    colour: [0x0f, 0x76, 0x6e],
    status: { kind: 'live', publishedDaysAgo: 35 },
    modules: [
      {
        key: 'm1',
        title: 'Meetings',
        lessons: [
          { key: 'intro', title: 'What clear business English sounds like', kind: 'video', durationMin: 4, isPreview: true },
          {
            key: 'updates',
            title: 'Giving a status update in one minute',
            kind: 'text',
            durationMin: 10,
            text: paragraphs(
              'In most meetings you will be asked "Where are we with this?" A strong update has three parts: where things stand, what is blocking you, and what happens next. "The design is finished and with the client. We’re waiting for their feedback on the colours. Once we have it, we can launch in about a week."',
              'Use the present perfect for what is done ("We’ve tested the payment flow"), the present continuous for what is happening now ("We’re fixing two small bugs") and "going to" or "will" for next steps. Keep numbers and dates precise; "soon" and "almost" make listeners nervous.',
              'Practise by recording a one-minute update on something you are working on. Listen back: did you say what is blocking you? Did you finish with a clear next step?',
            ),
          },
          {
            key: 'disagree',
            title: 'Disagreeing politely',
            kind: 'text',
            durationMin: 12,
            text: paragraphs(
              'Direct disagreement — "That’s wrong" — can sound aggressive in English, even when it is normal in your own language. Soften it by agreeing with part of the idea first: "I see what you mean, but I’m not sure the budget allows it." "That’s a fair point. Have we thought about the timeline, though?"',
              'Questions are softer than statements. "Wouldn’t it be quicker to test with ten users first?" proposes an alternative without telling anyone they are wrong. Words like "slightly", "a bit" and "maybe" lower the temperature further: "I’m a bit worried about the deadline."',
              'When someone disagrees with you, thank them before you reply: "Thanks for raising that." It shows confidence, and it gives you a moment to think.',
            ),
          },
        ],
      },
      {
        key: 'm2',
        title: 'Emails',
        lessons: [
          {
            key: 'subject-lines',
            title: 'Subject lines and first sentences',
            kind: 'text',
            durationMin: 8,
            text: paragraphs(
              'A busy reader decides from the subject line whether to open your email now or later. Make it specific and include any action or date: "Approval needed: Q3 budget by Thursday" beats "Budget". For replies, keep the thread’s subject so the history stays together.',
              'Put the request in the first two sentences. "Could you approve the attached budget by Thursday? The only change from last quarter is the travel line." The reader knows what to do before they scroll. Background can follow, for anyone who needs it.',
              'Rewrite the subject line and the first sentence of the last three emails you sent. Would the reader know exactly what you needed from them?',
            ),
          },
          { key: 'handout', title: 'Handout: model emails and meeting phrases', kind: 'pdf', durationMin: 15 },
          {
            key: 'follow-up',
            title: 'Following up without sounding pushy',
            kind: 'text',
            durationMin: 9,
            text: paragraphs(
              'When someone has not replied, assume they are busy, not rude. "Just following up on my email below" is neutral and common. Add value if you can: "In case it helps, I’ve attached the one-page summary." A reason and a date make action easier: "We need to confirm the venue by Friday."',
              'Avoid "As per my last email" and "Kindly revert"; the first sounds annoyed to many readers and the second is unclear outside South Asia. "Could you let me know by Friday?" says the same thing plainly.',
              'If two follow-ups go unanswered, change the channel: a short call or a message often settles in two minutes what emails could not in two weeks.',
            ),
          },
        ],
      },
    ],
    handout: {
      title: 'Model emails and meeting phrases',
      subtitle: 'Business English for Meetings and Emails · Module 2',
      intro: 'Three short emails you can adapt, and the phrases that keep a meeting on track. Change the names and details, keep the structure.',
      blocks: [
        {
          heading: 'Email 1: asking for approval',
          paragraphs: [
            'Subject: Approval needed: Q3 marketing budget by Thursday',
            'Hi Priya,\nCould you approve the attached Q3 budget by Thursday? The only change from Q2 is an extra Rs 40,000 for the trade fair in Pune, which we agreed in last week’s meeting. Happy to talk it through if anything is unclear.\nThanks,\nMeera',
          ],
        },
        {
          heading: 'Email 2: a polite follow-up',
          paragraphs: [
            'Subject: Re: Venue for the annual meet',
            'Hi Tom,\nJust following up on the venue question below. The hotel can hold the booking until Friday, so it would help to hear from you by Thursday evening. I’ve attached the two quotes side by side in case that makes it quicker.\nBest,\nFarhan',
          ],
        },
        {
          heading: 'Email 3: saying no and offering another way',
          paragraphs: [
            'Subject: Re: Extra report for the board',
            'Hi Daniel,\nThanks for thinking of us. I’m afraid we can’t produce a full report by Monday without delaying the launch. What we can do is send a one-page summary by Monday and the full report the following Friday. Would that work?\nKind regards,\nAnanya',
          ],
        },
        {
          heading: 'Running a meeting',
          bullets: [
            'Shall we get started? / Let’s make a start.',
            'The aim of today’s meeting is to…',
            'Could we come back to that at the end?',
            'Let’s hear from someone who hasn’t spoken yet.',
            'So, to sum up, we’ve agreed to…',
            'Who is going to take care of that, and by when?',
          ],
        },
        {
          heading: 'Taking part',
          bullets: [
            'Can I just add something here?',
            'I see what you mean, but…',
            'Sorry, could you clarify what you mean by…?',
            'Just to check I’ve understood: you’d like…',
            'I’ll send a quick summary after the call.',
          ],
        },
      ],
      notesHeading: 'Draft your own email here (subject line first)',
    },
    reviews: [
      { reviewer: 'sofia', stars: 4, review: 'The follow-up email templates alone were worth it. I use them every week.', daysAgo: 20 },
      { reviewer: 'karthik', stars: 5, review: 'Finally I can disagree in meetings without sounding rude. Very practical.', daysAgo: 12 },
    ],
  },
  {
    slug: 'pronunciation-clinic',
    subject: 'English',
    creator: 'farhan',
    title: 'Pronunciation Clinic: Sounds, Stress and Rhythm',
    level: 'Intermediate',
    description:
      'Be understood the first time. We work on the handful of sounds that cause most misunderstandings for Indian and South Asian speakers of English, on word stress and on the rhythm of natural sentences. Short explanations, slow and fast examples, and a practice sheet of minimal pairs to drill every day.',
    prices: { INR: 99_900, USD: 1_299 },
    colour: [0x7c, 0x2d, 0x12],
    status: { kind: 'live', publishedDaysAgo: 28 },
    modules: [
      {
        key: 'm1',
        title: 'Sounds',
        lessons: [
          { key: 'intro', title: 'Why pronunciation is about being understood', kind: 'video', durationMin: 4, isPreview: true },
          {
            key: 'v-w',
            title: 'V and W: vest or west?',
            kind: 'text',
            durationMin: 10,
            text: paragraphs(
              'Many speakers use one sound for both V and W, so "vest" and "west", or "vine" and "wine", sound the same. Listeners usually understand from context, but in names, numbers and technical words the difference matters.',
              'For V, rest your top teeth lightly on your bottom lip and let the air buzz through: vvvv. For W, keep your teeth away from your lips; round your lips as if to say "oo" and open them quickly: oo-est, west. A mirror helps: for V you see your teeth, for W you see round lips.',
              'Drill these pairs slowly, then faster: vest / west, vine / wine, vet / wet, verse / worse, veil / whale. Then read this sentence three times: "We visited a village with very wide views."',
            ),
          },
          {
            key: 'th',
            title: 'The two TH sounds',
            kind: 'text',
            durationMin: 9,
            text: paragraphs(
              'English has two TH sounds: the quiet one in "think" and "three", and the buzzing one in "this" and "mother". Replacing them with T and D ("tink", "dis") is very common and usually understood, but "three" becoming "tree" can confuse a listener on the phone.',
              'Put the tip of your tongue lightly between your teeth and blow gently. For "think", there is only air. For "this", add your voice so you feel a buzz on your tongue. Keep the tongue relaxed; it only needs to touch the teeth for a moment.',
              'Practise: three / tree, thin / tin, thank / tank, they / day, those / doze. Then say: "I think these three things are worth thinking about."',
            ),
          },
        ],
      },
      {
        key: 'm2',
        title: 'Stress and rhythm',
        lessons: [
          {
            key: 'word-stress',
            title: 'Word stress changes meaning',
            kind: 'text',
            durationMin: 11,
            text: paragraphs(
              'In English one syllable of each word is louder, longer and higher than the others: DE-ve-lop, de-VE-lop-ment, pho-TO-gra-pher. Put the stress in the wrong place and a correct word can become hard to recognise, even when every sound is perfect.',
              'Some pairs change meaning with stress. As nouns the stress is usually on the first syllable: a PRE-sent, a RE-cord, an OB-ject. As verbs it moves to the second: to pre-SENT, to re-CORD, to ob-JECT. Dictionaries mark stress with a small line before the stressed syllable; check any long word before a presentation.',
              'Clap the rhythm of these words as you say them: comfortable (COM-for-ta-ble), vegetable (VEG-ta-ble), hotel (ho-TEL), event (e-VENT), analysis (a-NA-ly-sis).',
            ),
          },
          { key: 'handout', title: 'Handout: sounds, stress and a daily drill', kind: 'pdf', durationMin: 12 },
        ],
      },
    ],
    handout: {
      title: 'Sounds, stress and a daily drill',
      subtitle: 'Pronunciation Clinic · Module 2',
      intro: 'Ten minutes a day beats an hour once a week. Use this sheet as your daily routine for the next two weeks: warm up, drill the pairs, then read the sentences and record yourself.',
      blocks: [
        {
          heading: 'Warm-up (2 minutes)',
          bullets: ['Yawn and stretch your mouth wide, then relax it.', 'Hum for five seconds, then say "mmm-ah" five times.', 'Say the five vowels slowly: a, e, i, o, u, exaggerating the mouth shape.'],
        },
        {
          heading: 'Pairs to drill (4 minutes)',
          bullets: ['vest / west · vine / wine · vet / wet', 'three / tree · thin / tin · thank / tank', 'they / day · those / doze · breathe / breed', 'ship / sheep · live / leave · fill / feel', 'full / fool · pull / pool · look / Luke'],
        },
        {
          heading: 'Stress check (2 minutes)',
          paragraphs: ['Say each word and tap the table on the stressed syllable.'],
          bullets: ['PHO-to-graph · pho-TO-gra-pher · pho-to-GRA-phic', 'E-co-no-my · e-co-NO-mic · e-CO-no-mist', 'a PRE-sent · to pre-SENT · a RE-cord · to re-CORD', 'COM-for-ta-ble · VEG-ta-ble · in-ter-EST-ing is wrong: IN-ter-est-ing'],
        },
        {
          heading: 'Sentences to record (2 minutes)',
          bullets: [
            'We visited a village with very wide views.',
            'I think these three things are worth thinking about.',
            'Would you like to leave the sheep on the ship?',
            'The photographer took a photograph of the economist.',
          ],
          paragraphs: ['Listen back once. Mark the one word that sounded least clear and start with it tomorrow.'],
        },
      ],
      notesHeading: 'Daily log: date, minutes practised, the word to work on',
    },
    bonuses: [
      {
        bonusName: 'Minimal pairs practice sheet',
        fileSlug: 'minimal-pairs-practice-sheet',
        pdf: {
          title: 'Minimal pairs practice sheet',
          subtitle: 'Bonus for Pronunciation Clinic',
          intro: 'A minimal pair is two words that differ in one sound only. Read down each list slowly, then across the pairs quickly. Ask a friend to point at one word of a pair at random and say which one they heard you say.',
          blocks: [
            { heading: 'V and W', bullets: ['vest – west', 'vine – wine', 'vet – wet', 'verse – worse', 'veil – whale', 'vent – went'] },
            { heading: 'TH and T, TH and D', bullets: ['three – tree', 'thin – tin', 'thank – tank', 'both – boat', 'they – day', 'those – doze', 'then – den'] },
            { heading: 'Short I and long EE', bullets: ['ship – sheep', 'live – leave', 'fill – feel', 'sit – seat', 'bit – beat', 'still – steal'] },
            { heading: 'Short OO and long OO', bullets: ['full – fool', 'pull – pool', 'look – Luke', 'soot – suit'] },
            { heading: 'P and F, B and V', bullets: ['pan – fan', 'pine – fine', 'copy – coffee', 'ban – van', 'best – vest', 'boat – vote'] },
            {
              heading: 'Sentences that mix them',
              bullets: ['The vet got wet in the west.', 'Three trees are thinner than that tin.', 'Please leave the sheep on the ship.', 'Pull the fool out of the pool.', 'The best vote was by boat.'],
            },
          ],
        },
      },
    ],
    reviews: [{ reviewer: 'karthik', stars: 3, review: 'Good explanations of V and W. I would like audio for every drill, not just the intro video.', daysAgo: 15 }],
  },
  {
    slug: 'ielts-speaking',
    subject: 'IELTS',
    creator: 'farhan',
    title: 'IELTS Speaking Band 7 Toolkit',
    level: 'Intermediate',
    description:
      'Know exactly what the examiner is listening for and practise it. We go through the three parts of the Speaking test, the four marking criteria and the habits that hold candidates at band 6: short answers, memorised phrases, long pauses. With model answers, a plan for the one-minute preparation in Part 2 and a set of cue cards to practise with.',
    prices: { INR: 199_900, USD: 2_499 },
    colour: [0xb9, 0x1c, 0x1c],
    status: { kind: 'live', publishedDaysAgo: 49 },
    modules: [
      {
        key: 'm1',
        title: 'The test and the marking',
        lessons: [
          { key: 'intro', title: 'Inside the Speaking test', kind: 'video', durationMin: 5, isPreview: true },
          {
            key: 'criteria',
            title: 'The four criteria, in plain words',
            kind: 'text',
            durationMin: 12,
            text: paragraphs(
              'The examiner gives you a band for each of four criteria and averages them. Fluency and coherence: do you keep talking without long pauses, and do your ideas connect? Lexical resource: do you have enough words to talk about the topic, including a few less common ones? Grammatical range and accuracy: do you use a mix of simple and complex sentences, mostly without errors? Pronunciation: are you easy to understand?',
              'Notice what is not on the list: accent, opinions and "correct" answers. A candidate with a strong regional accent who is clear and fluent can score 8 for pronunciation. The examiner does not care whether you like cricket, only how well you talk about it.',
              'For band 7 you need to speak at length without noticeable effort, use some idiomatic language naturally and make frequent error-free sentences. "Frequent", not "all": a few mistakes are expected.',
            ),
          },
        ],
      },
      {
        key: 'm2',
        title: 'Parts 1, 2 and 3',
        lessons: [
          {
            key: 'part-1',
            title: 'Part 1: answers that are long enough',
            kind: 'text',
            durationMin: 10,
            text: paragraphs(
              'Part 1 questions are about you: your home, work, studies, hobbies. The commonest mistake is answering in one sentence. "Do you like reading?" — "Yes, I do." gives the examiner nothing to mark. Aim for two to four sentences: answer, reason, example.',
              '"Yes, quite a lot, actually. I mostly read crime novels because I like trying to guess the ending before the detective does. At the moment I’m reading one set in Mumbai, which is fun because I know the places." That is about fifteen seconds, and it shows range without sounding rehearsed.',
              'Do not memorise whole answers; examiners are trained to spot them and will move you on. Memorise the shape — answer, reason, example — and fill it fresh every time.',
            ),
          },
          { key: 'handout', title: 'Handout: Part 2 planning and model answer', kind: 'pdf', durationMin: 15 },
          {
            key: 'part-3',
            title: 'Part 3: discussing ideas, not yourself',
            kind: 'text',
            durationMin: 12,
            text: paragraphs(
              'In Part 3 the questions become abstract: not "Do you cook?" but "Why do fewer young people cook at home nowadays?" The examiner wants to see you develop an idea, compare, speculate and give a balanced view. This is where band 7 and above is won.',
              'A useful pattern is: opinion, reason, example, other side. "I think it’s mainly about time. Many young people commute for two hours a day, so ordering in feels easier. My cousin in Bengaluru hardly uses her kitchen. On the other hand, cooking videos are hugely popular, so maybe the interest is still there."',
              'Language for speculating helps here: "It’s probably because…", "I’d imagine that…", "It might be that…", "In the long run, we may see…" Practise with one question a day and record a forty-five second answer.',
            ),
          },
        ],
      },
    ],
    handout: {
      title: 'Part 2 planning and a model answer',
      subtitle: 'IELTS Speaking Band 7 Toolkit · Module 2',
      intro: 'In Part 2 you get a cue card, one minute to prepare and up to two minutes to speak. Most candidates waste the minute writing sentences. Use it to write keywords under four headings instead.',
      blocks: [
        {
          heading: 'The one-minute plan',
          bullets: [
            'WHAT: name the thing, person or event in one word.',
            'WHEN / WHERE: a time and a place make the story real.',
            'DETAILS: three keywords you can talk about for twenty seconds each.',
            'FEELING: why it matters to you. Save this for the end.',
          ],
        },
        {
          heading: 'Sample cue card',
          paragraphs: ['Describe a skill you learned as an adult. You should say: what the skill is, how you learned it, how long it took, and explain how you feel about it now.'],
        },
        {
          heading: 'Keywords written in the minute',
          bullets: ['swimming', '29, community pool, Chennai', 'fear of deep water · coach Ravi · six months, early mornings', 'proud, calm, now teach my nephew'],
        },
        {
          heading: 'Model answer (band 7-8)',
          paragraphs: [
            'I’d like to talk about swimming, which I only learned when I was twenty-nine. Growing up in Chennai, you’d think I would have learned as a child, but I was honestly terrified of deep water, so I always found an excuse.',
            'What changed things was a friend’s wedding at a beach resort, where everyone was in the pool except me. I felt a bit ridiculous, so when I got home I signed up for adult lessons at the community pool near my office. The coach, Ravi, was incredibly patient. For the first two weeks we didn’t even swim; we just practised floating and breathing out under water.',
            'It took about six months of early-morning lessons, three times a week, before I could swim a full length without stopping. Looking back, the hardest part wasn’t the technique, it was trusting the water.',
            'Now I feel really proud of it, partly because it was so difficult for me. Swimming has become the calmest part of my week, and last summer I actually taught my nephew to float, which felt like coming full circle.',
          ],
        },
        {
          heading: 'Why this scores well',
          bullets: [
            'It keeps going for the full two minutes, with a clear beginning, middle and end.',
            'Less common vocabulary used naturally: terrified, incredibly patient, coming full circle.',
            'A mix of tenses and structures: past simple, past perfect meaning, "what changed things was…".',
          ],
        },
      ],
      notesHeading: 'Your turn: write keywords for a cue card, then speak for two minutes',
    },
    bonuses: [
      {
        bonusName: 'IELTS Speaking cue cards',
        fileSlug: 'ielts-speaking-cue-cards',
        pdf: {
          title: 'Twelve cue cards for Part 2',
          subtitle: 'Bonus for IELTS Speaking Band 7 Toolkit',
          intro: 'Pick one card a day. Set a timer for one minute to plan using the four headings (what, when/where, details, feeling), then speak for two minutes and record yourself.',
          blocks: [
            { heading: 'People', bullets: ['Describe a teacher who influenced you.', 'Describe a neighbour you get on well with.', 'Describe someone who is good at their job.'] },
            { heading: 'Places', bullets: ['Describe a place in your city you like to visit on weekends.', 'Describe a building you find beautiful.', 'Describe a trip that did not go as planned.'] },
            { heading: 'Objects and activities', bullets: ['Describe something you bought that you were very happy with.', 'Describe a game you enjoyed as a child.', 'Describe a piece of technology you could not live without.'] },
            { heading: 'Events and experiences', bullets: ['Describe a celebration in your family.', 'Describe a time you helped a stranger.', 'Describe a decision that changed your plans.'] },
            {
              heading: 'Follow-up questions to expect in Part 3',
              bullets: [
                'How has the role of teachers changed in the last twenty years?',
                'Are public spaces in cities designed well for families?',
                'Do people buy too many things these days?',
                'Why do some people find it hard to make decisions?',
              ],
            },
          ],
        },
      },
    ],
    reviews: [
      { reviewer: 'arjun', stars: 5, review: 'Went from 6.5 to 7.5 in speaking. The Part 2 planning method is simple and it works.', daysAgo: 33 },
      { reviewer: 'ayesha', stars: 4, review: 'Model answers are natural, not robotic. I wish there were more Part 3 questions.', daysAgo: 18 },
      { reviewer: 'sofia', stars: 5, review: 'The explanation of the marking criteria finally made sense to me.', daysAgo: 6 },
    ],
  },
  {
    slug: 'ielts-writing',
    subject: 'IELTS',
    creator: 'meera',
    title: 'IELTS Writing Task 2: Essays That Score',
    level: 'Advanced',
    description:
      'A clear method for the 40-minute essay: read the question precisely, plan in five minutes, write four well-built paragraphs and check in the last five. We take apart opinion, discussion and problem-solution questions, show what separates band 6.5 from band 7.5 essays, and finish with a checklist you can use on test day.',
    prices: { INR: 249_900, USD: 2_999 },
    colour: [0x6d, 0x28, 0xd9],
    status: { kind: 'live', publishedDaysAgo: 21 },
    modules: [
      {
        key: 'm1',
        title: 'Questions and plans',
        lessons: [
          { key: 'intro', title: 'How Task 2 is marked', kind: 'video', durationMin: 5, isPreview: true },
          {
            key: 'question-types',
            title: 'Reading the question precisely',
            kind: 'text',
            durationMin: 12,
            text: paragraphs(
              'Many band 6 essays are good essays about a slightly different question. Underline the topic ("working from home"), the angle ("for employers") and the task ("to what extent do you agree?"). An essay on whether working from home is good for employees, however well written, loses marks for Task Response.',
              'Most questions are one of four types. Opinion: "To what extent do you agree or disagree?" Discussion: "Discuss both views and give your own opinion." Problem and solution: "What are the causes, and what can be done?" Two-part: two direct questions, each needing its own answer. Each type has a natural structure, which we build in the next lesson.',
              'Practise with old questions: for five questions a day, spend one minute underlining topic, angle and task and naming the type. Do not write the essay; the habit is what you are training.',
            ),
          },
          {
            key: 'planning',
            title: 'A five-minute plan',
            kind: 'text',
            durationMin: 10,
            text: paragraphs(
              'Five minutes of planning saves ten minutes of confused writing. Decide your position first, then write one main idea for each body paragraph with one specific example or explanation under it. That is all the plan needs: a position and two ideas with support.',
              'A clear position helps coherence. "I largely agree" or "I believe the benefits outweigh the drawbacks" in the introduction, repeated in the conclusion, shows the examiner you know where you are going. Sitting on the fence is allowed in a discussion essay, but say so plainly.',
              'Your paragraphs should each do one job: introduction (paraphrase and position), body one (first idea), body two (second idea or the other view), conclusion (summary and position). Around 270 words is plenty; longer essays make more mistakes.',
            ),
          },
        ],
      },
      {
        key: 'm2',
        title: 'Writing and checking',
        lessons: [
          {
            key: 'paragraphs',
            title: 'Building a body paragraph',
            kind: 'text',
            durationMin: 12,
            text: paragraphs(
              'A strong body paragraph has a topic sentence that states the idea, an explanation of why it is true, an example that makes it concrete and, if useful, a final sentence linking back to the question. Four or five sentences are enough.',
              'Examples do not need statistics. A realistic general example works: "For instance, a software company in Pune that lets staff work from home three days a week can hire talented people from smaller cities who would not relocate." Invented numbers ("87% of people") add nothing and can look careless.',
              'Link ideas with a range of devices, but do not overuse them. "Moreover", "furthermore" and "in addition" at the start of every sentence is a band 6 habit. Pronouns, repetition of key nouns and phrases like "this means that" often connect ideas more naturally.',
            ),
          },
          { key: 'handout', title: 'Handout: band 7 model essay and checklist', kind: 'pdf', durationMin: 15 },
        ],
      },
    ],
    handout: {
      title: 'A band 7+ model essay and a test-day checklist',
      subtitle: 'IELTS Writing Task 2: Essays That Score · Module 2',
      intro: 'Read the essay once for the argument and once for the structure. Then use the checklist on your own essays for two weeks until it becomes automatic.',
      blocks: [
        {
          heading: 'The question',
          paragraphs: ['Some people believe that working from home benefits employers as much as employees. To what extent do you agree or disagree?'],
        },
        {
          heading: 'Model essay',
          paragraphs: [
            'Remote work, once a rare privilege, has become a normal arrangement for many office workers. While it is often presented as a perk for staff, I largely agree that employers gain just as much from it, provided that they manage it well.',
            'The most significant advantage for companies is access to talent. A firm that requires everyone in a city-centre office can only hire people willing to live nearby, whereas one that allows remote work can recruit skilled people from smaller towns or other countries. For instance, a software company in Pune can employ an excellent developer in Kochi who would never relocate. Widening the pool in this way often improves quality while reducing salary pressure.',
            'Admittedly, remote work creates real difficulties for managers. Training new staff is slower without informal conversations, and some employees feel isolated, which can lower motivation. However, these problems are largely a question of organisation rather than location. Regular video check-ins, clear written goals and occasional in-person meetings address most of them, and the savings on office space can pay for such measures several times over.',
            'In conclusion, although working from home requires employers to change how they manage people, the benefits in recruitment and costs mean that they gain at least as much as their employees do.',
          ],
        },
        {
          heading: 'Test-day checklist',
          bullets: [
            'Did I answer the exact question: topic, angle and task?',
            'Is my position clear in the introduction and the conclusion?',
            'Does each body paragraph have one main idea, explained and illustrated?',
            'Have I used a range of linking devices without starting every sentence with one?',
            'Have I checked articles (a, the), subject-verb agreement and plurals?',
            'Is the essay at least 250 words, and not much more than 300?',
          ],
        },
      ],
      notesHeading: 'Plan your next essay here: position, idea one, idea two',
    },
  },
  {
    slug: 'ielts-listening-reading',
    subject: 'IELTS',
    creator: 'meera',
    title: 'IELTS Listening and Reading Strategies',
    level: 'Intermediate',
    description:
      'The two receptive papers reward technique as much as English. Learn to predict answers before the recording starts, to skim and scan under time pressure, and to handle the question types that cost the most marks: True / False / Not Given, matching headings and map labelling.',
    prices: { INR: 179_900, USD: 2_299 },
    colour: [0x9d, 0x17, 0x4d],
    status: { kind: 'in_review', submittedDaysAgo: 2 },
    modules: [
      {
        key: 'm1',
        title: 'Listening',
        lessons: [
          { key: 'intro', title: 'What the Listening paper tests', kind: 'video', durationMin: 4, isPreview: true },
          {
            key: 'predict',
            title: 'Predicting answers before you hear them',
            kind: 'text',
            durationMin: 10,
            text: paragraphs(
              'Before each section you get time to read the questions. Use it to predict the type of answer each gap needs: a number, a name, a day, a noun, a plural? "The course starts on ____" wants a day or date; "Bring a ____ to the first class" wants a singular noun, probably an object.',
              'Underline the word just before and just after each gap. The speaker will often use different words for the same idea, but the words around the gap tell you when the answer is coming.',
              'Spelling counts. Practise the alphabet and numbers aloud, especially the letters that are easy to confuse: A, E and I; G and J; M and N; and numbers like thirteen and thirty.',
            ),
          },
        ],
      },
      {
        key: 'm2',
        title: 'Reading',
        lessons: [
          {
            key: 'tfng',
            title: 'True, False or Not Given',
            kind: 'text',
            durationMin: 12,
            text: paragraphs(
              'True means the text says the same thing. False means the text says the opposite. Not Given means the text does not say; you cannot tell. Most lost marks come from choosing False when the answer is Not Given, because the statement seems unlikely.',
              'Take "The museum is the oldest in the country." If the text says it was "founded in 1850", and says nothing about other museums, the answer is Not Given: it might be the oldest, but the text does not tell you. Only your knowledge of the world suggests otherwise, and that does not count.',
              'Work one statement at a time, find the part of the text it refers to, and ask: same, opposite or missing? Do not spend more than ninety seconds on any one statement.',
            ),
          },
          { key: 'handout', title: 'Handout: timing plan for both papers', kind: 'pdf', durationMin: 10 },
        ],
      },
    ],
    handout: {
      title: 'A timing plan for Listening and Reading',
      subtitle: 'IELTS Listening and Reading Strategies · Module 2',
      intro: 'Both papers are lost on time more often than on English. Follow this plan in every practice test until you no longer need to look at it.',
      blocks: [
        {
          heading: 'Listening (about 30 minutes + transfer time)',
          bullets: [
            'Use every reading pause to predict the type of each answer.',
            'If you miss an answer, let it go at once and listen for the next one.',
            'Write answers on the question paper first; transfer carefully at the end (paper test).',
            'Check spelling, plurals and the word limit on every answer.',
          ],
        },
        {
          heading: 'Reading (60 minutes, three passages)',
          bullets: [
            'Passage 1: 17 minutes. Passage 2: 20 minutes. Passage 3: 23 minutes.',
            'Skim each passage for two minutes before the questions: what is each paragraph about?',
            'Scan for names, numbers and capitalised words to locate answers quickly.',
            'Never leave a blank: a guess costs nothing.',
          ],
        },
        {
          heading: 'Question types that cost the most marks',
          bullets: [
            'True / False / Not Given: same, opposite or missing?',
            'Matching headings: read the paragraph’s first and last sentences first.',
            'Map labelling: find your starting point and follow the speaker’s directions.',
            'Sentence completion: the answer must fit the grammar of the sentence.',
          ],
        },
      ],
      notesHeading: 'Practice test log: date, score per section, what to work on',
    },
  },
  {
    slug: 'phonics-adventures',
    subject: 'Kids',
    creator: 'meera',
    title: 'Phonics Adventures for Young Readers',
    level: 'Beginner',
    description:
      'For children aged 5 to 8 who know their letters and are ready to blend sounds into words. Short, playful lessons with a parent guide: letter sounds, blending, and the first tricky words. Ten minutes a day, a printable activity sheet, and lots of praise.',
    prices: { INR: 59_900, USD: 799 },
    colour: [0xc2, 0x41, 0x0c],
    status: { kind: 'live', publishedDaysAgo: 56 },
    modules: [
      {
        key: 'm1',
        title: 'Sounds and blending',
        lessons: [
          { key: 'intro', title: 'Meet the sounds (watch together)', kind: 'video', durationMin: 3, isPreview: true },
          {
            key: 'letter-sounds',
            title: 'Parent guide: letter names and letter sounds',
            kind: 'text',
            durationMin: 6,
            text: paragraphs(
              'Children often learn letter names first — "bee", "see", "dee" — but reading needs letter sounds: b, c, d as they sound at the start of "bat", "cat", "dog". When you practise, say the pure sound without adding "uh": "mmm", not "muh"; "sss", not "suh". The extra "uh" makes blending much harder later.',
              'Start with the sounds s, a, t, p, i, n. With just these six your child can already read words like sat, pin, tap, nap and sit. Point to the letter, say the sound, and ask your child to copy you.',
              'Keep it short and happy. Five minutes with a smile is better than twenty with tears. Stop while your child still wants more.',
            ),
          },
          {
            key: 'blending',
            title: 'Blending: sounds into words',
            kind: 'text',
            durationMin: 7,
            text: paragraphs(
              'Blending means saying the sounds of a word one after another and then pushing them together: s-a-t, sat. Play "robot talk": you speak like a robot, "c-a-t", and your child guesses the word. Then swap, and let your child be the robot.',
              'When your child reads, let them point under each letter while saying its sound, then run a finger under the whole word as they say it quickly. If they get stuck, say the sounds faster yourself until the word pops out.',
              'Good first words: sat, pat, tap, pin, tin, nap, sip, pit, ant, and. Write them on small cards and hide them around the room for a reading treasure hunt.',
            ),
          },
        ],
      },
      {
        key: 'm2',
        title: 'First reading',
        lessons: [
          { key: 'handout', title: 'Activity sheet: sound hunt and word builder', kind: 'pdf', durationMin: 10 },
          {
            key: 'tricky-words',
            title: 'Tricky words you cannot sound out',
            kind: 'text',
            durationMin: 6,
            text: paragraphs(
              'Some very common words do not follow the rules: the, I, to, no, go, was, said. We call them tricky words and learn them by sight. Write each on a card in big letters, read it together, then point out the tricky part: in "the", the letters t-h-e do not say t-h-e.',
              'Play snap or memory with two sets of tricky word cards. Every time your child finds a pair, they read the word aloud. Three new words a week is plenty.',
              'Celebrate reading everywhere: on cereal boxes, shop signs and number plates. Children who see that reading unlocks the world want to do more of it.',
            ),
          },
        ],
      },
    ],
    handout: {
      title: 'Sound hunt and word builder',
      subtitle: 'Phonics Adventures for Young Readers · Activity sheet',
      intro: 'Print this sheet, or read it together on a tablet. Grown-ups: read the instructions aloud and let your child do the rest. Give a sticker or a high five for every activity.',
      blocks: [
        {
          heading: 'Activity 1: sound hunt',
          paragraphs: ['Walk around your home and find something that starts with each sound. Say the sound, then the word: "sss, sofa!"'],
          bullets: ['s: sofa, spoon, sock', 'a: apple, ant (draw one!)', 't: table, tap, teddy', 'p: pan, pen, pillow', 'i: insect, ink', 'n: nose, napkin, nut'],
        },
        {
          heading: 'Activity 2: robot words',
          paragraphs: ['Say each word like a robot, one sound at a time, then say it fast.'],
          bullets: ['s – a – t: sat', 'p – i – n: pin', 't – a – p: tap', 'n – a – p: nap', 'a – n – t: ant'],
        },
        {
          heading: 'Activity 3: word builder',
          paragraphs: ['Cut out these letters, or write them on paper squares: s, a, t, p, i, n. How many real words can you build? Read each one aloud. Grown-ups, here are some to look for: at, it, in, an, sat, pat, tap, sip, tip, pin, tin, nap, pit, spin, snap.'],
        },
        {
          heading: 'Activity 4: tricky words',
          paragraphs: ['Colour the tricky word in each line.'],
          bullets: ['the · tap · sit', 'pin · I · nap', 'to · tin · pat'],
        },
      ],
      notesHeading: 'Draw a picture of your favourite word here',
    },
    reviews: [{ reviewer: 'sofia', stars: 5, review: 'My daughter asks for "robot words" every evening now. The parent guide is really clear.', daysAgo: 40 }],
  },
  {
    slug: 'storytelling-kids',
    subject: 'Kids',
    creator: 'farhan',
    title: 'Storytelling English for Kids',
    level: 'Beginner',
    description:
      'Children aged 7 to 11 learn to tell a story in English: a beginning, a middle and an end, with characters, feelings and the words that join ideas together. Each lesson ends with a story your child tells aloud to the family.',
    prices: { INR: 69_900, USD: 899 },
    colour: [0x15, 0x80, 0x3d],
    status: { kind: 'live', publishedDaysAgo: 14 },
    modules: [
      {
        key: 'm1',
        title: 'Building a story',
        lessons: [
          { key: 'intro', title: 'Every story has three parts', kind: 'video', durationMin: 3, isPreview: true },
          {
            key: 'characters',
            title: 'Who is in your story?',
            kind: 'text',
            durationMin: 8,
            text: paragraphs(
              'Every good story starts with a character. It can be a person, an animal or even a talking bus! Give your character a name and three describing words: "Tara is a brave, curious, slightly clumsy girl." Describing words help your listener see the character in their mind.',
              'Now give your character a wish or a problem. Tara wants to find her lost kite. Max the dog is scared of thunder. The bus wants to see the sea. A problem makes the listener want to know what happens next.',
              'Your task: draw your character, write their name and three describing words, and tell a grown-up what your character wants.',
            ),
          },
          {
            key: 'linking-words',
            title: 'Words that join the story together',
            kind: 'text',
            durationMin: 8,
            text: paragraphs(
              'Storytellers use special words to move from one part to the next. At the beginning: "Once upon a time", "One sunny morning", "Long ago". In the middle: "Then", "Suddenly", "After that", "But". At the end: "Finally", "In the end", "From that day on".',
              'The word "suddenly" is magic: it tells the listener that something surprising is about to happen. "Tara was walking in the park. Suddenly, a gust of wind pulled the kite out of her hands!" Try saying it with a surprised voice.',
              'Tell a very short story using one beginning word, two middle words and one ending word. Ask your family to clap every time they hear one of the joining words.',
            ),
          },
        ],
      },
      {
        key: 'm2',
        title: 'Telling it aloud',
        lessons: [
          { key: 'handout', title: 'Story planner and feelings words', kind: 'pdf', durationMin: 10 },
          {
            key: 'performance',
            title: 'Telling your story with your voice and face',
            kind: 'text',
            durationMin: 7,
            text: paragraphs(
              'A story comes alive when you use your voice. Speak slowly at the beginning, faster when something exciting happens, and pause just before the surprise. Use a big voice for the giant and a tiny voice for the mouse.',
              'Your face and hands help too. Look at your listeners, not at the floor. Show how the character feels: wide eyes for surprise, a big smile for happy, a frown for worried.',
              'Now tell your whole story — character, problem, what happened, how it ended — to your family. Ask them one question at the end: "What was your favourite part?"',
            ),
          },
        ],
      },
    ],
    handout: {
      title: 'Story planner and feelings words',
      subtitle: 'Storytelling English for Kids · Module 2',
      intro: 'Fill in the planner before you tell your story. Use the feelings words to show how your character feels at each part.',
      blocks: [
        {
          heading: 'My story planner',
          bullets: [
            'My character’s name is… and they are (three describing words)…',
            'At the beginning, my character wants…',
            'In the middle, suddenly…',
            'Then my character decides to…',
            'In the end…',
            'From that day on, my character feels…',
          ],
        },
        {
          heading: 'Feelings words',
          bullets: ['happy · excited · proud · calm', 'sad · lonely · disappointed', 'scared · nervous · worried', 'angry · cross · grumpy', 'surprised · amazed · curious'],
        },
        {
          heading: 'Joining words',
          bullets: ['Beginning: Once upon a time · One sunny morning · Long ago', 'Middle: Then · Suddenly · After that · But · Luckily', 'End: Finally · In the end · From that day on'],
        },
        {
          heading: 'A story to read together',
          paragraphs: [
            'One windy morning, Tara took her red kite to the park. She was excited because it was her birthday present. Suddenly, a big gust of wind pulled the kite out of her hands! It flew over the trees and landed on the roof of the library. Tara felt sad and worried. Then the librarian, Mr Das, saw her. He fetched a long ladder and climbed up carefully. Finally, he handed the kite back to Tara. From that day on, Tara visited the library every week, and she always brought Mr Das a drawing of her kite.',
          ],
        },
      ],
      notesHeading: 'Draw the four parts of your story here',
    },
  },
  {
    slug: 'kids-grammar-games',
    subject: 'Kids',
    creator: 'farhan',
    title: 'Grammar Games for Kids',
    level: 'Beginner',
    description: 'Grammar through games for ages 8 to 12.',
    prices: { INR: 49_900, USD: 699 },
    colour: [0xa1, 0x62, 0x07],
    status: { kind: 'draft' },
    modules: [
      {
        key: 'm1',
        title: 'Naming words and doing words',
        lessons: [
          { key: 'intro', title: 'Let’s play with grammar', kind: 'video', durationMin: 3, isPreview: true, noMedia: true },
          {
            key: 'nouns-verbs',
            title: 'Nouns and verbs: the sorting game',
            kind: 'text',
            durationMin: 8,
            text: paragraphs(
              'A noun is a naming word: a person, a place, an animal or a thing. Teacher, Delhi, elephant and pencil are all nouns. A verb is a doing word: run, eat, sing, think. Every sentence needs at least one of each: "The elephant eats."',
              'The sorting game: write twenty words on cards, mix them up, and make two piles, nouns and verbs. Some words can go in both piles. "I drink water" — drink is a verb. "Can I have a drink?" — drink is a noun! See how many of these double words you can find.',
            ),
          },
        ],
      },
      { key: 'm2', title: 'Describing words', lessons: [{ key: 'adjectives', title: 'Adjective adventures', kind: 'text', durationMin: 8, text: '' }] },
    ],
  },
  {
    slug: 'ai-conversation-partner',
    subject: 'AI',
    creator: 'farhan',
    title: 'Speak with an AI Partner: Daily Conversation Drills',
    level: 'Beginner',
    description:
      'Use a free AI chat assistant as a patient speaking partner that is awake at 6 a.m. and never judges. You learn how to set up role-plays, ask for corrections that actually help, and turn each conversation into a short list of phrases to review. Ten-minute drills for every day of the week.',
    prices: { INR: 129_900, USD: 1_599 },
    colour: [0x43, 0x38, 0xca],
    status: { kind: 'live', publishedDaysAgo: 10 },
    modules: [
      {
        key: 'm1',
        title: 'Setting up your AI partner',
        lessons: [
          { key: 'intro', title: 'Why practise with an AI partner?', kind: 'video', durationMin: 4, isPreview: true },
          {
            key: 'prompts',
            title: 'Prompts that make a good partner',
            kind: 'text',
            durationMin: 10,
            text: paragraphs(
              'An AI assistant does what you ask, so ask precisely. A weak start is "Let’s talk in English." A strong one sets a role, a level and rules: "You are a friendly café owner in London. I am a customer. Speak in simple English for an intermediate learner, use short sentences, and ask me one question at a time."',
              'Add the feedback you want, and when. Corrections after every line interrupt the flow; none at all teaches nothing. Try: "Don’t correct me during the conversation. When I type END, list my three most important mistakes with the corrected sentence."',
              'If your app has a voice mode, use it: speaking and listening are the point. If it only has text, read each of your messages aloud before you send it, and read the reply aloud too.',
            ),
          },
          {
            key: 'corrections',
            title: 'Getting corrections that help',
            kind: 'text',
            durationMin: 9,
            text: paragraphs(
              'A long list of every error is discouraging and hard to remember. Ask for a short list: "Give me my three most important mistakes, explain each in one sentence, and give me a better way to say it." Three fixed mistakes a day is more than a thousand a year.',
              'Ask for natural alternatives, not only corrections: "My sentence was correct, but how would a native speaker say it?" This is where you pick up the phrases that make you sound fluent: "I’m running late" instead of "I will come late".',
              'AI assistants are sometimes wrong, and sometimes too polite to correct you. If an explanation seems strange, ask "Are you sure? Give me two example sentences", or check with your tutor.',
            ),
          },
        ],
      },
      {
        key: 'm2',
        title: 'The daily drills',
        lessons: [
          { key: 'handout', title: 'Seven drills for seven days', kind: 'pdf', durationMin: 12 },
          {
            key: 'review',
            title: 'Turning conversations into progress',
            kind: 'text',
            durationMin: 8,
            text: paragraphs(
              'The conversation is the practice; the review is where you learn. At the end of each session, ask your partner: "List five useful phrases from our conversation that I should learn." Copy them into a notebook or a flashcard app.',
              'Once a week, ask the assistant to test you: "Here are my phrases from this week. Quiz me: give me a situation and I’ll try to use the right phrase." Mixing review into the drill keeps it interesting.',
              'Privacy matters: do not type personal details, passwords or anything about your work you would not post publicly. Invent a name and a city for your role-plays; the practice works just as well.',
            ),
          },
        ],
      },
    ],
    handout: {
      title: 'Seven drills for seven days',
      subtitle: 'Speak with an AI Partner · Module 2',
      intro: 'Copy a prompt into your AI assistant, do the drill for ten minutes, then type END and ask for your three most important mistakes. Tick each day when you finish.',
      blocks: [
        {
          heading: 'Monday: the café',
          paragraphs: ['You are a friendly café owner. I am a customer ordering breakfast. Use simple English and ask me one question at a time. Don’t correct me until I type END.'],
        },
        { heading: 'Tuesday: the neighbour', paragraphs: ['You are my new neighbour. We meet in the lift. Make small talk with me for five minutes about the building, the weather and our weekends.'] },
        { heading: 'Wednesday: the doctor', paragraphs: ['You are a receptionist at a clinic. I am calling to book an appointment because I have had a headache for three days. Ask me the questions a receptionist would ask.'] },
        { heading: 'Thursday: the interview', paragraphs: ['You are interviewing me for a job as a sales assistant. Ask me five common interview questions, one at a time. Wait for my answer each time.'] },
        { heading: 'Friday: the plan', paragraphs: ['You are my friend. Invite me to do something at the weekend. I will say no to the first idea and suggest something else. Let’s agree on a plan.'] },
        { heading: 'Saturday: the story', paragraphs: ['Ask me about the best trip I have ever taken. Ask follow-up questions that make me give details: when, who with, what went wrong, how I felt.'] },
        { heading: 'Sunday: review', paragraphs: ['Here are the phrases I saved this week: (paste them). Quiz me: describe a situation and I will answer using one of the phrases.'] },
        {
          heading: 'Safety and good habits',
          bullets: ['Never share real personal details, passwords or work secrets.', 'Check surprising explanations with a second example or your tutor.', 'Speak every line aloud, even in a text-only chat.'],
        },
      ],
      notesHeading: 'Phrases I saved this week',
    },
    reviews: [
      { reviewer: 'lucy', stars: 4, review: 'The prompts are ready to copy and they work. I do the café drill with my morning coffee.', daysAgo: 7 },
      { reviewer: 'arjun', stars: 5, review: 'Simple idea, very well explained. The "three mistakes" trick changed how I practise.', daysAgo: 4 },
    ],
  },
  {
    slug: 'ai-interview-coach',
    subject: 'AI',
    creator: 'meera',
    title: 'AI Interview Coach: Practise Job Interviews in English',
    level: 'Intermediate',
    description:
      'Rehearse job interviews in English as many times as you like with an AI interviewer, and learn to judge your own answers. We cover the questions that come up in almost every interview, the STAR method for stories about your experience, and prompts that make the AI act like a tough but fair hiring manager.',
    prices: { INR: 169_900, USD: 2_199 },
    colour: [0x0e, 0x74, 0x90],
    status: { kind: 'live', publishedDaysAgo: 5 },
    modules: [
      {
        key: 'm1',
        title: 'Preparing',
        lessons: [
          { key: 'intro', title: 'Rehearsal beats memorising', kind: 'video', durationMin: 4, isPreview: true },
          {
            key: 'tell-me',
            title: '"Tell me about yourself"',
            kind: 'text',
            durationMin: 10,
            text: paragraphs(
              'Almost every interview starts with "Tell me about yourself." It is not an invitation to recite your CV or your life story. It is a ninety-second pitch: who you are professionally, one or two achievements that matter for this job, and why you want it.',
              'A simple structure is present, past, future. "I’m a customer support lead at a fintech start-up, where I manage a team of six. Before that I spent three years in hotel front-office work, which is where I learned to stay calm with upset customers. I’m applying here because I want to work on a product used by millions of people."',
              'Write yours, say it aloud with a timer, and cut it until it fits in ninety seconds. Then ask your AI interviewer: "What would a hiring manager want to hear more about?"',
            ),
          },
          {
            key: 'star',
            title: 'The STAR method for experience questions',
            kind: 'text',
            durationMin: 12,
            text: paragraphs(
              'Questions like "Tell me about a time you solved a difficult problem" want a story, and STAR keeps it tight: Situation (one sentence of context), Task (what you had to do), Action (what you did — the longest part), Result (what happened, with a number if you have one).',
              'Use "I", not "we", for the actions. Interviewers want to know what you did. "We improved the process" becomes "I mapped the process, found that refunds waited two days for approval, and proposed letting team leads approve small refunds. Waiting time fell to four hours."',
              'Prepare five STAR stories that can answer many questions: a problem you solved, a conflict you handled, a mistake you learned from, a time you led something, and a time you went beyond your role.',
            ),
          },
        ],
      },
      {
        key: 'm2',
        title: 'Rehearsing with AI',
        lessons: [
          { key: 'handout', title: 'Interviewer prompts and a self-check', kind: 'pdf', durationMin: 12 },
          {
            key: 'feedback',
            title: 'Judging your own answers',
            kind: 'text',
            durationMin: 9,
            text: paragraphs(
              'After each rehearsal, ask the AI to score your answer against clear criteria: "Rate my answer from 1 to 5 for relevance, structure, specific evidence and clarity of English. Give one improvement for each." Clear criteria give more useful feedback than "Was it good?"',
              'Then answer the same question again, using the feedback. The second answer is almost always better, and the difference is what you are training. Record both if you can, and listen for filler words and long pauses.',
              'Finish with a real person. A friend, a colleague or your Parley tutor will notice things an AI cannot: eye contact, energy and whether they would actually hire you.',
            ),
          },
        ],
      },
    ],
    handout: {
      title: 'Interviewer prompts and a self-check',
      subtitle: 'AI Interview Coach · Module 2',
      intro: 'Paste one prompt into your AI assistant, answer aloud, then use the self-check. Do at least three rehearsals before a real interview.',
      blocks: [
        {
          heading: 'Prompt 1: a standard first interview',
          paragraphs: [
            'You are a hiring manager interviewing me for the role of (job title) at a mid-sized company. Ask me eight questions, one at a time, mixing general questions and experience questions. Wait for each answer. Do not give feedback until I type FEEDBACK.',
          ],
        },
        {
          heading: 'Prompt 2: a tough interviewer',
          paragraphs: ['Act as a sceptical interviewer. After each of my answers, ask one follow-up question that tests whether my example is real and whether I personally did the work.'],
        },
        {
          heading: 'Prompt 3: feedback',
          paragraphs: ['Rate each of my answers from 1 to 5 for relevance, structure, specific evidence and clarity of English. For each answer, give me one improvement and a better version of my weakest sentence.'],
        },
        {
          heading: 'Questions to expect',
          bullets: [
            'Tell me about yourself.',
            'Why do you want this job?',
            'What is your greatest strength? And a weakness you are working on?',
            'Tell me about a time you disagreed with a colleague.',
            'Describe a mistake you made and what you learned.',
            'Where do you see yourself in three years?',
            'Do you have any questions for us?',
          ],
        },
        {
          heading: 'Self-check after each answer',
          bullets: ['Did I answer the question that was asked?', 'Did I give a specific example, with a result?', 'Did I say "I" for my own actions?', 'Was it under two minutes?', 'Did I end clearly, without trailing off?'],
        },
      ],
      notesHeading: 'My five STAR stories (one line each)',
    },
  },
  {
    slug: 'ai-writing-feedback',
    subject: 'AI',
    creator: 'farhan',
    title: 'Write Better with AI Feedback',
    level: 'Intermediate',
    description:
      'Use AI writing tools as a tutor, not a ghostwriter. You write first, then ask for feedback on clarity, tone and grammar, and learn to accept or reject each suggestion for a reason. Covers emails, short reports and personal statements.',
    prices: { INR: 119_900, USD: 1_499 },
    colour: [0x33, 0x41, 0x55],
    status: {
      kind: 'rejected',
      submittedDaysAgo: 6,
      reason:
        'The "Before and after" handout says its texts are by real learners and keeps a name and a flat number. Please use invented examples or remove the identifying details, and add the third text the title promises, then submit again.',
    },
    modules: [
      {
        key: 'm1',
        title: 'Tutor, not ghostwriter',
        lessons: [
          { key: 'intro', title: 'How to learn from AI feedback', kind: 'video', durationMin: 4, isPreview: true },
          {
            key: 'write-first',
            title: 'Write first, then ask',
            kind: 'text',
            durationMin: 9,
            text: paragraphs(
              'If the AI writes your first draft, you practise reading, not writing. Always write your own version first, however rough, and only then ask for feedback. Your mistakes are the material you learn from.',
              'Ask for feedback, not a rewrite: "Don’t rewrite my text. List the three changes that would most improve clarity, and explain why." When you do ask for a rewrite, compare it line by line with yours and note every change you would not have thought of.',
              'Keep a "my mistakes" list. After a month you will see patterns — articles, prepositions, very long sentences — and you can ask the AI for exercises on exactly those.',
            ),
          },
        ],
      },
      {
        key: 'm2',
        title: 'Real tasks',
        lessons: [
          { key: 'handout', title: 'Before and after: three texts improved', kind: 'pdf', durationMin: 12 },
          {
            key: 'tone',
            title: 'Tone: formal, neutral, friendly',
            kind: 'text',
            durationMin: 8,
            text: paragraphs(
              'The same message can be written in very different tones. "Please find attached the report" is formal; "I’ve attached the report" is neutral; "Here’s the report!" is friendly. None is wrong; each fits a different reader.',
              'Ask the AI to show you the range: "Rewrite this sentence in a formal, a neutral and a friendly tone, and tell me when I’d use each." Then decide which fits your reader, and say why.',
              'Watch for tools that make everything sound the same: long, polished and slightly empty. Your own voice, with clear short sentences, is usually more persuasive.',
            ),
          },
        ],
      },
    ],
    handout: {
      title: 'Before and after: three texts improved',
      subtitle: 'Write Better with AI Feedback · Module 2',
      intro: 'Three short texts by learners, the feedback an AI tutor gave, and the improved versions the learners wrote themselves.',
      blocks: [
        {
          heading: 'An email to a landlord',
          paragraphs: [
            'Before: "Dear sir, I am writing to inform that the geyser is not working since 3 days kindly do the needful."',
            'Feedback: say what you need and by when; "since 3 days" should be "for three days"; "do the needful" is unclear to many readers.',
            'After: "Dear Mr Kapoor, the water heater in flat 4B has not worked for three days. Could you arrange a repair this week? I am at home after 6 p.m. Thank you, Asha."',
          ],
        },
        {
          heading: 'A short report',
          paragraphs: [
            'Before: "In this month there was many complaints and the reason of the complaints were the delivery was late."',
            'After: "In March we received 42 complaints, up from 18 in February. Most were about late deliveries after our courier changed."',
          ],
        },
      ],
      notesHeading: 'Paste a sentence you wrote, and your improved version',
    },
  },
];

export type SeedLibraryVideo = { slug: string; title: string; description: string; audience: 'learners' | 'kids' | 'both'; durationSeconds: number };

/** Short free videos (the clips made by the generator are 5 seconds long). */
export const seedLibraryVideos: SeedLibraryVideo[] = [
  { slug: 'greetings-minute', title: 'Greetings in one minute', description: 'Hi, hello, good morning: which greeting fits which moment, and how to answer.', audience: 'learners', durationSeconds: 5 },
  { slug: 'polite-phrases', title: 'Five polite phrases', description: 'Please, thank you, excuse me, sorry and you’re welcome, with the situations where each one belongs.', audience: 'both', durationSeconds: 5 },
  { slug: 'counting-song', title: 'Counting one to ten', description: 'Count along from one to ten and clap on every number.', audience: 'kids', durationSeconds: 5 },
  { slug: 'colours-at-home', title: 'Colours around the house', description: 'Find something red, blue, green and yellow at home and say its colour aloud.', audience: 'kids', durationSeconds: 5 },
];

/** The demo learner's own course, half done: the first lessons complete, the next one open. */
export const demoLearnerCourse = { email: 'learner@parley.test', slug: 'everyday-english', completedLessons: 4, enrolledDaysAgo: 12 };
