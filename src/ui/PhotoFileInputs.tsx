/**
 * The hidden file inputs behind "Choose a photo" and, on phones, "Take a photo" (the
 * camera, `capture="user"`). Buttons elsewhere open them through the refs; a chosen file is
 * handed over and the input cleared, so choosing the same file again fires once more.
 */
import type { ChangeEvent, RefObject } from 'react';
import { PHOTO_ACCEPT } from '#src/contract/photos.ts';

interface Props {
  pickerRef: RefObject<HTMLInputElement | null>;
  cameraRef: RefObject<HTMLInputElement | null>;
  onFile: (file: File) => void;
}

export default function PhotoFileInputs({ pickerRef, cameraRef, onFile }: Props) {
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onFile(file);
  };
  const hidden = {
    type: 'file',
    accept: PHOTO_ACCEPT,
    className: 'sr-only',
    tabIndex: -1,
    'aria-hidden': true,
  } as const;
  return (
    <>
      <input ref={pickerRef} {...hidden} data-testid="photo-input" onChange={onChange} />
      <input ref={cameraRef} {...hidden} capture="user" data-testid="photo-camera-input" onChange={onChange} />
    </>
  );
}
