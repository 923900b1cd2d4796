import type { IScannerControls } from '@zxing/browser';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type CameraState = 'starting' | 'on' | 'off';

/**
 * The kiosk's camera: the front camera's picture, read for QR codes while `active`. The reader loads on demand
 * (only the QR tab needs it). Without a camera (no permission, none fitted) it says so and the other ways in stay.
 */
export function KioskCamera({ active, onCode }: { active: boolean; onCode: (code: string) => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>('starting');
  const latest = useRef(onCode);
  latest.current = onCode;

  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let controls: IScannerControls | null = null;
    setState('starting');
    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia || !video.current) throw new Error('no camera');
      const { BrowserQRCodeReader } = await import('@zxing/browser');
      if (stopped || !video.current) return;
      const reader = new BrowserQRCodeReader(undefined, {
        delayBetweenScanAttempts: 150,
        delayBetweenScanSuccess: 1500,
      });
      const started = await reader.decodeFromConstraints(
        { video: { facingMode: 'user' }, audio: false },
        video.current,
        (result) => {
          const text = result?.getText().trim();
          if (text) latest.current(text);
        },
      );
      if (stopped) started.stop();
      else {
        controls = started;
        setState('on');
      }
    };
    start().catch(() => {
      if (!stopped) setState('off');
    });
    return () => {
      stopped = true;
      controls?.stop();
    };
  }, [active]);

  return (
    <div className="fd-entry-camera">
      <video
        ref={video}
        className={state === 'on' ? 'fd-entry-video' : 'fd-entry-video fd-entry-video-off'}
        aria-label={t('kiosk.qr.camera')}
        muted
        playsInline
      />
      {state !== 'on' && (
        <p className="fd-entry-camera-note">
          {state === 'starting' ? t('kiosk.qr.cameraStarting') : t('kiosk.qr.cameraOff')}
        </p>
      )}
    </div>
  );
}
