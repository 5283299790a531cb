import type { FeatureDef } from '../types';

/** Verified users: signs, highlights and colours on chosen users (built in the verified-users step). */
export const verifiedUsers: FeatureDef = {
  id: 'verified-users',
  title: 'Verified users',
  category: 'users',
  description: 'A sign after chosen usernames, and highlight borders and colours on their activities and replies.',
  planned: true,
  options: [
    { key: 'enabledForUsername', title: 'Verified sign on usernames', description: 'Show a verified sign after verified usernames.', default: true, category: 'users' },
    { key: 'enabledForProfileName', title: 'Verified sign on profiles', description: "Show the verified sign on a verified user's profile header.", default: false, category: 'users' },
    { key: 'defaultSign', title: 'Default sign', description: 'The sign shown after a verified username when the user has none of their own.', default: '✔', category: 'users', maxLength: 16 },
    { key: 'copyColorFromProfile', title: 'Copy profile colour', description: "Use each verified user's own profile colour.", default: true, category: 'users' },
    { key: 'highlightEnabled', title: 'Highlight activities', description: "Mark verified users' activities with a coloured border.", default: true, category: 'users' },
    { key: 'highlightEnabledForReplies', title: 'Highlight replies', description: "Mark verified users' replies with a coloured border.", default: true, category: 'users' },
    { key: 'highlightSize', title: 'Highlight size', description: 'Width of the highlight border (a CSS length such as 5px).', default: '5px', category: 'users', maxLength: 16 },
    { key: 'colorUserActivity', title: 'Colour activity links', description: "Colour the links in verified users' activities with their colour.", default: false, category: 'users' },
    { key: 'colorUserReplies', title: 'Colour reply links', description: "Colour the links in verified users' replies with their colour.", default: false, category: 'users' },
    { key: 'useDefaultHighlightColor', title: 'Fallback highlight colour', description: 'Use the fallback highlight colour when a verified user has no colour.', default: false, category: 'users' },
    { key: 'defaultHighlightColor', title: 'Fallback colour', description: 'The fallback highlight colour.', default: '#FFFFFF', category: 'users', format: 'color' },
  ],
};
