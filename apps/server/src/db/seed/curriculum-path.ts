import type { CurriculumLevel } from '@parley/domain/curriculum';

// Parley's English curriculum: the levels a new-curriculum learner climbs, each with six topics
// taken in order and a level test that earns the level's certificate. Written for Parley.

export type SeedTopic = { title: string; goal: string; preparation: string; vocabulary: string[] };
export type SeedLevel = { code: CurriculumLevel; title: string; summary: string; certificateName: string; topics: SeedTopic[] };

export const curriculumPath: SeedLevel[] = [
  {
    code: 'A1',
    title: 'First steps',
    summary: 'Introduce yourself, talk about your day and ask for what you need in short, clear sentences.',
    certificateName: 'Parley English A1 · First steps',
    topics: [
      {
        title: 'Hello, I’m…',
        goal: 'Greet someone, say your name, where you live and what you do.',
        preparation:
          'Write three sentences about yourself: your name, your city and your job or studies. Say them aloud twice, slowly, then once at your normal speed. Your tutor will ask you the same things in a different order.',
        vocabulary: ['nice to meet you', 'I live in', 'I work as', 'I study', 'from', 'and you?'],
      },
      {
        title: 'My family and friends',
        goal: 'Describe the people close to you with simple adjectives.',
        preparation:
          'Pick two people you know well. For each, note their name, how you know them and two words that describe them (tall, funny, quiet, kind). Bring a photo if you like; describing a picture is good practice.',
        vocabulary: ['brother', 'sister', 'cousin', 'best friend', 'older', 'younger'],
      },
      {
        title: 'A day in my life',
        goal: 'Talk about your daily routine with times and the present simple.',
        preparation:
          'List five things you do every weekday with the time you usually do them: I get up at seven, I take the bus at eight. Notice the -s in “she gets up” when you talk about someone else.',
        vocabulary: ['get up', 'have breakfast', 'go to work', 'usually', 'always', 'in the evening'],
      },
      {
        title: 'Food and ordering',
        goal: 'Order food and drink politely and ask what something is.',
        preparation:
          'Think of your favourite café or restaurant. Plan what you would order and one question you could ask the waiter. Practise “Could I have…, please?” until it sounds natural.',
        vocabulary: ['could I have', 'a glass of', 'the bill', 'spicy', 'without', 'to take away'],
      },
      {
        title: 'Around town',
        goal: 'Ask for and follow simple directions.',
        preparation:
          'Draw a rough map of the streets near your home with three places on it: a shop, a bus stop and a bank. Practise telling someone how to get from your door to each one.',
        vocabulary: ['turn left', 'go straight', 'next to', 'opposite', 'on the corner', 'how far'],
      },
      {
        title: 'Weekend plans',
        goal: 'Say what you like doing and what you are going to do.',
        preparation:
          'Write two things you like doing at the weekend and one thing you are going to do this weekend. Compare “I like swimming” with “I’m going to swim on Sunday”: one is a habit, one is a plan.',
        vocabulary: ['free time', 'I like', 'I’m going to', 'with friends', 'at home', 'maybe'],
      },
    ],
  },
  {
    code: 'A2',
    title: 'Everyday conversations',
    summary: 'Tell short stories about the past, compare things and handle everyday situations on your own.',
    certificateName: 'Parley English A2 · Everyday conversations',
    topics: [
      {
        title: 'Last weekend',
        goal: 'Tell a short story in the past simple.',
        preparation:
          'Write five sentences about what you did last weekend, in order. Check the past forms of the verbs you used; go, see and eat are irregular (went, saw, ate). Add one feeling: it was fun, I was tired.',
        vocabulary: ['yesterday', 'last Saturday', 'then', 'after that', 'went', 'had a good time'],
      },
      {
        title: 'Shopping and prices',
        goal: 'Ask about sizes, colours and prices, and compare two things.',
        preparation:
          'Choose two phones, shoes or bags you might buy. Compare them in three sentences with cheaper, bigger or better. Prepare one question for a shop assistant.',
        vocabulary: ['how much is', 'cheaper than', 'the same as', 'try on', 'receipt', 'discount'],
      },
      {
        title: 'Health and the doctor',
        goal: 'Describe how you feel and understand simple advice.',
        preparation:
          'Imagine you have a cold. Note how you feel, since when, and what you have already tried. Learn “I’ve had a headache since Monday” as one chunk.',
        vocabulary: ['I feel', 'sore throat', 'fever', 'since', 'you should', 'twice a day'],
      },
      {
        title: 'Travel and transport',
        goal: 'Book a ticket and ask about times, platforms and delays.',
        preparation:
          'Plan a train or bus trip you would like to take: where from, where to, when, and single or return. Practise asking “What time does the next train to… leave?”.',
        vocabulary: ['single', 'return', 'platform', 'delayed', 'departure', 'change at'],
      },
      {
        title: 'Work and studies',
        goal: 'Explain what you do and what you like or dislike about it.',
        preparation:
          'Write down three tasks you do at work or in your studies and how you feel about each one. Use “I enjoy… because…” and “I don’t like… because…”.',
        vocabulary: ['responsible for', 'colleague', 'deadline', 'I enjoy', 'because', 'part-time'],
      },
      {
        title: 'Making arrangements',
        goal: 'Invite someone, accept or decline, and agree on a time.',
        preparation:
          'Think of something you would like to do with a friend this week. Prepare an invitation, a polite way to say no (“I’d love to, but…”) and a way to suggest another day.',
        vocabulary: ['are you free', 'how about', 'I’d love to', 'I’m afraid', 'let’s meet', 'see you then'],
      },
    ],
  },
  {
    code: 'B1',
    title: 'Confident communicator',
    summary: 'Share opinions, describe experiences and deal with problems clearly and politely.',
    certificateName: 'Parley English B1 · Confident communicator',
    topics: [
      {
        title: 'Experiences so far',
        goal: 'Talk about life experiences with the present perfect.',
        preparation:
          'Note three things you have done that you are proud of and one you have never done but would like to. Contrast “I have visited Goa” (some time in my life) with “I visited Goa in 2022” (a finished time).',
        vocabulary: ['have you ever', 'never', 'so far', 'once', 'several times', 'recently'],
      },
      {
        title: 'Giving opinions',
        goal: 'Give an opinion, support it with a reason and answer a different view.',
        preparation:
          'Choose a question you care about, such as working from home or school uniforms. Write your view, two reasons and one point the other side might make. Practise starting with “In my view…” or “To be honest…”.',
        vocabulary: ['in my view', 'on the other hand', 'I see your point', 'however', 'for example', 'that depends'],
      },
      {
        title: 'Solving a problem',
        goal: 'Complain politely and ask for a solution.',
        preparation:
          'Remember a time something went wrong: a late delivery, a wrong bill, a broken product. Plan how you would explain what happened, what you expect and what you will do if it is not solved.',
        vocabulary: ['I’m calling about', 'unfortunately', 'refund', 'replacement', 'I’d appreciate it if', 'as soon as possible'],
      },
      {
        title: 'Telling a story well',
        goal: 'Tell a longer story with background, events and an ending.',
        preparation:
          'Pick a memorable moment from a trip or a celebration. Set the scene with the past continuous (“It was raining and we were waiting…”), then tell what happened. Finish with how it ended and how you felt.',
        vocabulary: ['while', 'suddenly', 'in the end', 'it turned out', 'at first', 'luckily'],
      },
      {
        title: 'The future and plans',
        goal: 'Talk about plans, predictions and hopes with the right future form.',
        preparation:
          'Write one fixed plan for next month, one prediction about your city in ten years and one hope. Notice when you choose “going to”, “will” or “I hope to”.',
        vocabulary: ['I’m planning to', 'probably', 'I doubt', 'by next year', 'I hope to', 'it’s likely that'],
      },
      {
        title: 'Meetings and calls',
        goal: 'Take part in a short meeting or call: check understanding and summarise.',
        preparation:
          'Think of a recent meeting or group chat where something was decided. Practise asking someone to repeat, checking what they meant and summarising the decision in two sentences.',
        vocabulary: ['could you repeat', 'do you mean', 'to sum up', 'next steps', 'I agree with', 'let’s move on'],
      },
    ],
  },
];
