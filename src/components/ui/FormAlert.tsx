import AlertCircle from 'lucide-react/icons/circle-exclamation-point';

/**
 * Why a whole form was refused (a wrong password, an expired link), above the form: announced at
 * once as an alert, and the form points at it with aria-describedby through `id`. Nothing when
 * there is no message.
 */
export default function FormAlert({ message, id }: { message: string | null; id?: string }) {
  if (!message) return null;
  return (
    <div
      id={id}
      role="alert"
      className="mb-5 flex items-start gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800"
    >
      <AlertCircle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <span>{message}</span>
    </div>
  );
}
