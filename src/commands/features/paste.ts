import type { FeatureDef } from '../types';

/** Paste and drop handling in editors (built in the markdown editor step). */
export const paste: FeatureDef = {
  id: 'paste',
  title: 'Paste and upload',
  category: 'paste',
  description: 'Wraps pasted image links as images and uploads pasted or dropped images to an image host.',
  planned: true,
  options: [
    { key: 'pasteEnabled', title: 'Wrap pasted images', description: 'Wrap pasted image links in image markup.', default: false, category: 'paste' },
    { key: 'pasteWrapImagesWithLink', title: 'Link pasted images', description: 'Also wrap pasted images in a link to the image.', default: false, category: 'paste' },
    { key: 'pasteImageWidth', title: 'Pasted image width', description: 'Width in pixels of pasted images.', default: 420, category: 'paste', min: 1, max: 10000 },
    { key: 'pasteImagesToHostService', title: 'Upload pasted images', description: 'Upload pasted and dropped images to the selected image host.', default: false, category: 'paste' },
  ],
};
