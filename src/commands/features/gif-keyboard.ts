import type { FeatureDef } from '../types';

/** The GIF and image keyboard under editors (built in the markdown editor step). */
export const gifKeyboard: FeatureDef = {
  id: 'gif-keyboard',
  title: 'GIF keyboard',
  category: 'paste',
  description: 'Saved GIFs and images one click away under every editor.',
  planned: true,
  options: [
    { key: 'gifKeyboardEnabled', title: 'GIF keyboard', description: 'Add a GIF and image keyboard to editors.', default: false, category: 'paste' },
    { key: 'gifKeyboardLikeButtonsEnabled', title: 'GIF like buttons', description: 'Add buttons on GIFs and images to save them to the keyboard.', default: true, category: 'paste' },
  ],
};
