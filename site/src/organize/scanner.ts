// Reads the QR code of a confirmation email with the phone's camera: getUserMedia, then the browser's
// own BarcodeDetector where it has one for QR codes, else jsQR, imported only now (its chunk loads when
// the camera opens, never with the page).

export const SCAN_MSG = {
  insecure: 'The camera needs a secure (https) connection. Type the code instead.',
  blocked: 'The camera is blocked for this site. Allow the camera in your browser settings, or type the code instead.',
  noCamera: 'This device has no camera the page can use. Type the code instead.',
  busy: 'The camera is in use by another app. Close it and try again, or type the code instead.',
  failed: 'The camera could not start. Try again, or type the code instead.',
  decoderFailed: 'The code reader could not load. Check your connection, or type the code instead.',
} as const

/** The sentence for a getUserMedia failure (a DOMException's name). */
export function cameraError(error: unknown): string {
  const name = (error as { name?: string } | null)?.name
  if (name === 'NotAllowedError' || name === 'SecurityError') return SCAN_MSG.blocked
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return SCAN_MSG.noCamera
  if (name === 'NotReadableError' || name === 'AbortError') return SCAN_MSG.busy
  return SCAN_MSG.failed
}

type Detect = (video: HTMLVideoElement) => Promise<string | null>

type DetectorLike = { detect(source: CanvasImageSource): Promise<{ rawValue: string }[]> }
type DetectorClass = { new (options: { formats: string[] }): DetectorLike; getSupportedFormats(): Promise<string[]> }

/** The browser's BarcodeDetector, when it reads QR codes. */
async function nativeDetector(): Promise<Detect | null> {
  const Detector = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector
  if (!Detector) return null
  try {
    if (!(await Detector.getSupportedFormats()).includes('qr_code')) return null
    const detector = new Detector({ formats: ['qr_code'] })
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null
  } catch {
    return null
  }
}

// Frames are scaled down to this width: plenty for a code held up to the camera, and quick on a phone.
const FRAME_WIDTH = 640

/** jsQR on frames drawn into a canvas. */
async function jsqrDetector(): Promise<Detect> {
  const { default: jsQR } = await import('jsqr')
  const canvas = document.createElement('canvas')
  const context = canvas.getContext('2d', { willReadFrequently: true })
  return async (video) => {
    if (!context || !video.videoWidth) return null
    const scale = Math.min(1, FRAME_WIDTH / video.videoWidth)
    canvas.width = Math.round(video.videoWidth * scale)
    canvas.height = Math.round(video.videoHeight * scale)
    context.drawImage(video, 0, 0, canvas.width, canvas.height)
    const frame = context.getImageData(0, 0, canvas.width, canvas.height)
    return jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'attemptBoth' })?.data ?? null
  }
}

const REPEAT_MS = 4_000

export type Scanner = { stop(): void; decoder: 'native' | 'jsqr' }

/**
 * Start the back camera in `video` and call `onCode` with each QR code's text (the same text once until
 * another is seen, or 4 s later). Rejects with the sentence to show when the camera or the decoder cannot start.
 */
export async function startScanner(video: HTMLVideoElement, onCode: (text: string) => void): Promise<Scanner> {
  if (!navigator.mediaDevices?.getUserMedia) throw new Error(SCAN_MSG.insecure)
  let stream: MediaStream
  try {
    stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false })
  } catch (error) {
    throw new Error(cameraError(error))
  }
  const stopStream = () => stream.getTracks().forEach((t) => t.stop())
  let detect: Detect
  let decoder: Scanner['decoder'] = 'native'
  const native = await nativeDetector()
  if (native) detect = native
  else {
    try {
      detect = await jsqrDetector()
      decoder = 'jsqr'
    } catch {
      stopStream()
      throw new Error(SCAN_MSG.decoderFailed)
    }
  }
  try {
    video.srcObject = stream
    video.setAttribute('playsinline', '')
    video.muted = true
    await video.play()
  } catch {
    stopStream()
    throw new Error(SCAN_MSG.failed)
  }

  let stopped = false
  // The same code is reported once, then again only after another code or a pause (a second try).
  let last: { text: string; at: number } | null = null
  let timer: ReturnType<typeof setTimeout> | undefined
  const tick = async () => {
    if (stopped) return
    try {
      const text = await detect(video)
      const now = Date.now()
      if (!stopped && text && (text !== last?.text || now - last.at > REPEAT_MS)) {
        last = { text, at: now }
        onCode(text)
      }
    } catch {
      // One unreadable frame; the next one may do.
    }
    // About six frames a second: quick enough to feel instant, light on a phone's battery.
    if (!stopped) timer = setTimeout(() => void tick(), 160)
  }
  void tick()
  return {
    decoder,
    stop() {
      stopped = true
      clearTimeout(timer)
      stopStream()
      video.srcObject = null
    },
  }
}
