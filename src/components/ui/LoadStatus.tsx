import Spinner from './Spinner';

/** The loading spinner or the load error of a page, whichever applies (nothing once loaded). */
export default function LoadStatus({ loaded, error }: { loaded: boolean; error: string }) {
  if (error) {
    return (
      <p
        role="alert"
        className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
      >
        {error}
      </p>
    );
  }
  return loaded ? null : <Spinner />;
}
