import { Avatar } from 'antd';
import { initialsOf } from '../profile/initials.ts';
import { fileUrl, textColorOn } from './trainer-form.ts';

/**
 * A trainer's photo (read through `/web/file/<id>`), or their initials on their schedule colour. A photo that
 * cannot be read falls back to the initials.
 */
export function TrainerAvatar({
  name,
  color,
  photoFileId,
  size = 56,
}: {
  name: string;
  color: string;
  photoFileId: string | null;
  size?: number;
}) {
  return (
    <Avatar
      size={size}
      src={photoFileId ? fileUrl(photoFileId) : undefined}
      alt=""
      aria-hidden
      style={{ backgroundColor: color, color: textColorOn(color), flex: 'none' }}
    >
      {initialsOf(name)}
    </Avatar>
  );
}
