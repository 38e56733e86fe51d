// Demo tutors: real-looking people in their own timezones, with tags. Some bios are
// under 50 words and some over, so the Read more rule shows both ways.
export type DemoTutor = {
  name: string;
  email: string;
  timezone: string;
  country: string;
  subjects: string[];
  tags: string[];
  rating: number;
  ratingCount: number;
  bio: string;
  /** weekday (0 = Sunday) → [start, end) local times as HH:mm */
  week: Record<number, [string, string][]>;
  /** [learnerName, ...reviews] */
  reviews: [string, ...string[]][];
};

const weekdays = (ranges: [string, string][]) => ({ 1: ranges, 2: ranges, 3: ranges, 4: ranges, 5: ranges });

export const demoTutors: DemoTutor[] = [
  {
    name: 'Ananya Iyer',
    email: 'tutor@parley.test',
    timezone: 'Asia/Kolkata',
    country: 'IN',
    // The demo tutor teaches kids too, so the parent's kids can book and chat with her.
    subjects: ['English', 'IELTS', 'Kids English'],
    tags: ['Pronunciation Police', 'Accent Trainer', 'Interview Expert'],
    rating: 4.9,
    ratingCount: 412,
    bio: 'I have spent nine years helping professionals sound as confident as they are. We work on the sounds that trip you up, the rhythm of natural English and the small phrases that make conversations flow. Most of my learners prepare for interviews, client calls and presentations, and we rehearse those moments until they feel easy. Expect honest feedback, plenty of speaking time and a clear plan after every class.',
    week: { ...weekdays([['08:00', '12:00'], ['17:00', '21:00']]), 6: [['09:00', '13:00']] },
    reviews: [["Rohan S.", "Sharp, kind and always prepared. My interview went great.", "Second month in: I finally stopped translating in my head."], ["Meghna P.", "Her accent drills are gold."]],
  },
  {
    name: 'Daniel Brooks',
    email: 'daniel.brooks@parley.test',
    timezone: 'America/New_York',
    country: 'US',
    subjects: ['English'],
    tags: ['Creative Conversationalist', 'Vocabulary Whiz'],
    rating: 4.8,
    ratingCount: 268,
    bio: 'Former radio host. I make conversation practice fun, with stories, debates and role-plays.',
    week: weekdays([['07:00', '11:00'], ['18:00', '22:00']]),
    reviews: [["Chris L.", "Every class feels like a good podcast."]],
  },
  {
    name: 'Priya Nair',
    email: 'priya.nair@parley.test',
    timezone: 'Asia/Kolkata',
    country: 'IN',
    subjects: ['English', 'Kids English', 'Financial Education'],
    tags: ['Foundation Builder', 'Grammar Guru'],
    rating: 4.7,
    ratingCount: 530,
    bio: 'I teach children and beginners to love English. My classes use pictures, games and short stories so that grammar becomes something you feel rather than memorise. Parents receive a short note after every class describing what we practised and how to keep going at home. I also teach the kids financial education course: saving, spending and sharing, explained with everyday examples.',
    week: { ...weekdays([['15:00', '20:00']]), 0: [['10:00', '14:00']], 6: [['10:00', '14:00']] },
    reviews: [["Sunita R.", "My son waits for Fridays now.", "He reads short stories on his own!"], ["Ajay K.", "Patient with beginners."]],
  },
  {
    name: 'Oliver Grant',
    email: 'oliver.grant@parley.test',
    timezone: 'Europe/London',
    country: 'GB',
    subjects: ['IELTS', 'English'],
    tags: ['Interview Expert', 'Grammar Guru'],
    rating: 4.9,
    ratingCount: 189,
    bio: 'Certified IELTS examiner trainer. Band 7+ strategies for speaking and writing.',
    week: weekdays([['09:00', '13:00'], ['14:00', '18:00']]),
    reviews: [["Vikram S.", "Went from 6.0 to 7.5 in speaking."]],
  },
  {
    name: 'Meera Kapoor',
    email: 'meera.kapoor@parley.test',
    timezone: 'Asia/Kolkata',
    country: 'IN',
    subjects: ['English', 'Kids English'],
    tags: ['Vocabulary Whiz', 'Creative Conversationalist'],
    rating: 4.6,
    ratingCount: 97,
    bio: '',
    week: { ...weekdays([['10:00', '14:00']]), 6: [['16:00', '20:00']] },
    reviews: [],
  },
  {
    name: 'Sofia Martínez',
    email: 'sofia.martinez@parley.test',
    timezone: 'Europe/Madrid',
    country: 'ES',
    subjects: ['English'],
    tags: ['Accent Trainer', 'Pronunciation Police'],
    rating: 4.5,
    ratingCount: 61,
    bio: 'Linguist and voice coach. I help you hear the difference between similar sounds, then say it. Short, focused drills with recordings you can replay after class, plus real conversations so the new sounds stick when you are not thinking about them. I am patient, precise and I love a good tongue twister.',
    week: weekdays([['08:00', '12:00']]),
    reviews: [["Lucía G.", "Finally hear the difference between ship and sheep."]],
  },
  {
    name: 'Rahul Verma',
    email: 'rahul.verma@parley.test',
    timezone: 'Asia/Kolkata',
    country: 'IN',
    subjects: ['English', 'IELTS'],
    tags: ['Interview Expert', 'Foundation Builder'],
    rating: 4.8,
    ratingCount: 344,
    bio: 'Placement interviews, group discussions and HR rounds: practised until they are routine.',
    week: { ...weekdays([['06:00', '09:00'], ['19:00', '23:00']]) },
    reviews: [["Ankit M.", "Mock interviews were tougher than the real one. Thank you!"]],
  },
  {
    name: 'Grace Thompson',
    email: 'grace.thompson@parley.test',
    timezone: 'Australia/Sydney',
    country: 'AU',
    subjects: ['English', 'Kids English'],
    tags: ['Foundation Builder', 'Creative Conversationalist'],
    rating: 4.7,
    ratingCount: 150,
    bio: 'Primary teacher for twelve years in Sydney and now online. Kids learn best when they are laughing, so my classes are full of puppets, songs and silly questions that get even shy children talking. Adults get the same warmth with a grown-up plan: everyday English for work, travel and making friends, one small win at a time.',
    week: { ...weekdays([['16:00', '20:00']]), 6: [['09:00', '12:00']] },
    reviews: [["Emma W.", "Puppets! My daughter loves her."]],
  },
  {
    name: 'Arjun Menon',
    email: 'arjun.menon@parley.test',
    timezone: 'Asia/Dubai',
    country: 'AE',
    subjects: ['English', 'Financial Education'],
    tags: ['Grammar Guru', 'Vocabulary Whiz'],
    rating: 4.4,
    ratingCount: 58,
    bio: 'Chartered accountant who teaches money basics to kids and business English to adults.',
    week: weekdays([['17:00', '21:00']]),
    reviews: [],
  },
  {
    name: 'Hannah Becker',
    email: 'hannah.becker@parley.test',
    timezone: 'Europe/Berlin',
    country: 'DE',
    subjects: ['IELTS'],
    tags: ['Grammar Guru', 'Interview Expert'],
    rating: 4.8,
    ratingCount: 122,
    bio: 'IELTS writing and speaking coach. I mark every practice essay against the official band descriptors and show you exactly which sentence costs you points and how to fix it. In speaking classes we simulate the real test, timing and all, so that on the day nothing surprises you. Most of my learners move up a full band in eight weeks.',
    week: weekdays([['07:00', '10:00'], ['16:00', '19:00']]),
    reviews: [["Jonas K.", "Precise feedback on every essay."]],
  },
  {
    name: 'Kavya Reddy',
    email: 'kavya.reddy@parley.test',
    timezone: 'Asia/Kolkata',
    country: 'IN',
    subjects: ['English', 'Kids English'],
    tags: ['Pronunciation Police', 'Foundation Builder'],
    rating: 4.6,
    ratingCount: 203,
    bio: 'Phonics specialist for young learners. Clear sounds first, confident reading next.',
    week: { ...weekdays([['14:00', '18:00']]), 0: [['09:00', '12:00']] },
    reviews: [["Pooja T.", "Phonics made simple."]],
  },
  {
    name: 'Marcus Lee',
    email: 'marcus.lee@parley.test',
    timezone: 'America/Los_Angeles',
    country: 'US',
    subjects: ['English'],
    tags: ['Creative Conversationalist', 'Accent Trainer'],
    rating: 4.3,
    ratingCount: 34,
    bio: 'Actor and improv teacher. We will play scenes, argue about movies and tell stories until speaking English feels like play. I notice the habits that make you sound hesitant and give you quick tools to replace them, so you walk into your next meeting or date sounding like yourself, just in English.',
    week: weekdays([['09:00', '12:00'], ['18:00', '21:00']]),
    reviews: [],
  },
];
