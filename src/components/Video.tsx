import { useLayoutEffect, useRef, type VideoHTMLAttributes } from 'react';
import { useMutedPreference } from '../app/muted-preference.ts';

export type VideoProps = Omit<VideoHTMLAttributes<HTMLVideoElement>, 'muted'>;

/**
 * Every video of the app: muted or not by the saved preference (SPEC §2), and the player's own
 * mute button saves it. React does not keep the `muted` property in sync, so it is set directly.
 */
export function Video({ onVolumeChange, playsInline = true, ...props }: VideoProps) {
  const [muted, setMuted] = useMutedPreference();
  const ref = useRef<HTMLVideoElement>(null);
  useLayoutEffect(() => {
    if (ref.current && ref.current.muted !== muted) ref.current.muted = muted;
  }, [muted]);
  return (
    <video
      {...props}
      ref={ref}
      muted={muted}
      playsInline={playsInline}
      onVolumeChange={(event) => {
        onVolumeChange?.(event);
        if (event.currentTarget.muted !== muted) setMuted(event.currentTarget.muted);
      }}
    />
  );
}
