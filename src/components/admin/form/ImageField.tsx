import Images from 'lucide-react/icons/images';
import { lazy, Suspense, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import Button from '../../ui/Button';
import UploadField from '../../ui/UploadField';
import { IMAGE_UPLOAD } from './upload';

// The picker is its own chunk: a form loads it when an editor first opens it.
const MediaPicker = lazy(() => import('../media/MediaPicker'));

/**
 * An admin image field: an address, an upload, and 'Choose from library', which opens the one
 * picker (library or upload, focal point, and the alt text for this use when the form has one:
 * `imageAlt` on records, `<field>Alt` in the site texts).
 */
export default function ImageField({
  id,
  name,
  value,
  onChange,
  placeholder,
  invalid,
  describedBy,
}: {
  id: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  invalid?: boolean;
  describedBy?: string;
}) {
  const { getValues, setValue } = useFormContext();
  const [open, setOpen] = useState(false);
  const altField = [`${name}Alt`, 'imageAlt'].find((f) => getValues(f) !== undefined);
  return (
    <>
      <UploadField
        id={id}
        kind={IMAGE_UPLOAD}
        preview="thumbnail"
        value={value}
        onChange={onChange}
        placeholder={placeholder}
        invalid={invalid}
        describedBy={describedBy}
        actions={
          <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
            <Images aria-hidden="true" className="h-4 w-4" />
            Choose from library
          </Button>
        }
      />
      {open && (
        <Suspense fallback={null}>
          <MediaPicker
            open
            current={value}
            alt={altField ? String(getValues(altField) ?? '') : undefined}
            onClose={() => setOpen(false)}
            onPick={({ url, alt }) => {
              onChange(url);
              if (altField && alt !== undefined)
                setValue(altField, alt, { shouldDirty: true, shouldValidate: true });
              setOpen(false);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
