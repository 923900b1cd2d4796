import { MMS_IMAGE_MAX_BYTES } from '#domain/rules/message.ts';

// An MMS image (docs/rules.md#messaging): a JPG of at most 300 KB. A larger JPG is drawn smaller on a canvas and
// saved again as JPEG, lowering the quality and then the size until it fits.

export class MmsImageError extends Error {
  constructor(readonly reason: 'notJpg' | 'tooBig') {
    super(reason);
  }
}

const isJpeg = (file: File) => file.type === 'image/jpeg' || /\.jpe?g$/i.test(file.name);

const loadImage = (file: File): Promise<HTMLImageElement> =>
  new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      URL.revokeObjectURL(url);
      resolve(image);
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new MmsImageError('notJpg'));
    };
    image.src = url;
  });

const toJpeg = (canvas: HTMLCanvasElement, quality: number): Promise<Blob | null> =>
  new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));

/** The longest side of a resized image: phones show an MMS picture at most about this wide. */
const MAX_SIDE = 1280;

/** The file as it can be sent: the same JPG when small enough, else a smaller JPEG; refuses anything else. */
export const fitMmsImage = async (file: File): Promise<{ file: File; resized: boolean }> => {
  if (!isJpeg(file)) throw new MmsImageError('notJpg');
  if (file.size <= MMS_IMAGE_MAX_BYTES) return { file, resized: false };
  const image = await loadImage(file);
  let scale = Math.min(1, MAX_SIDE / Math.max(image.naturalWidth, image.naturalHeight));
  const name = file.name.replace(/\.[^.]*$/, '') || 'image';
  for (let round = 0; round < 8; round += 1) {
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(image.naturalWidth * scale));
    canvas.height = Math.max(1, Math.round(image.naturalHeight * scale));
    canvas.getContext('2d')?.drawImage(image, 0, 0, canvas.width, canvas.height);
    for (const quality of [0.85, 0.7, 0.55]) {
      const blob = await toJpeg(canvas, quality);
      if (blob && blob.size <= MMS_IMAGE_MAX_BYTES)
        return { file: new File([blob], `${name}.jpg`, { type: 'image/jpeg' }), resized: true };
    }
    scale *= 0.75;
  }
  throw new MmsImageError('tooBig');
};
