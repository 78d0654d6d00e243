/**
 * The drawings of the bundled GIFs: each is a function of the animation's phase (0 ≤ t < 1)
 * returning the SVG of one frame on a 200 × 200 canvas. Plain shapes only (faces, hands,
 * hearts, glasses…), no text, so one picture suits every language. bundled.ts renders the
 * frames with sharp into a looping animated GIF.
 */

/** The side of the canvas every drawing uses. */
export const ART_SIZE = 200;

const TAU = Math.PI * 2;
const INK = '#5a3300';
const YELLOW = '#ffcc33';
const RED = '#e8304f';
const PINK = '#ff8fb1';

/** A number with at most two decimals, for short SVG. */
function n(value: number): string {
  return String(Math.round(value * 100) / 100);
}

function wave(t: number, phase = 0): number {
  return Math.sin((t + phase) * TAU);
}

function background(color: string): string {
  return `<rect width="200" height="200" rx="24" fill="${color}"/>`;
}

function face(cx = 100, cy = 104, r = 62): string {
  return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${r}" fill="${YELLOW}" stroke="#e0a000" stroke-width="4"/>`;
}

function eyes(open = 1, dy = 0, dx = 0): string {
  const ry = Math.max(1.5, 10 * open);
  return `<ellipse cx="${n(78 + dx)}" cy="${n(90 + dy)}" rx="7" ry="${n(ry)}" fill="${INK}"/><ellipse cx="${n(122 + dx)}" cy="${n(90 + dy)}" rx="7" ry="${n(ry)}" fill="${INK}"/>`;
}

function smile(depth = 26, dy = 0): string {
  return `<path d="M70 ${n(120 + dy)} Q100 ${n(120 + dy + depth)} 130 ${n(120 + dy)}" fill="none" stroke="${INK}" stroke-width="6" stroke-linecap="round"/>`;
}

function heartPath(cx: number, cy: number, size: number): string {
  const s = size / 100;
  const p = (x: number, y: number) => `${n(cx + x * s)} ${n(cy + y * s)}`;
  return `M${p(0, 35)} C${p(-60, -5)} ${p(-35, -55)} ${p(0, -25)} C${p(35, -55)} ${p(60, -5)} ${p(0, 35)}Z`;
}

function heart(cx: number, cy: number, size: number, fill = RED, opacity = 1): string {
  return `<path d="${heartPath(cx, cy, size)}" fill="${fill}" opacity="${n(opacity)}"/>`;
}

/** An open hand, palm forward, wrist at (0, 0) pointing down. */
function hand(fill = YELLOW): string {
  const fingers = [-22, -8, 6, 20]
    .map(
      (x, i) =>
        `<rect x="${x - 6}" y="${-78 + Math.abs(i - 1.5) * 6}" width="13" height="44" rx="6.5" fill="${fill}" stroke="#e0a000" stroke-width="3"/>`,
    )
    .join('');
  return `${fingers}<rect x="-30" y="-46" width="58" height="50" rx="18" fill="${fill}" stroke="#e0a000" stroke-width="3"/><rect x="-44" y="-40" width="13" height="34" rx="6.5" transform="rotate(-30 -38 -20)" fill="${fill}" stroke="#e0a000" stroke-width="3"/>`;
}

function star(cx: number, cy: number, r: number, fill: string, rotation = 0): string {
  const points: string[] = [];
  for (let i = 0; i < 10; i += 1) {
    const angle = (i / 10) * TAU - Math.PI / 2 + rotation;
    const radius = i % 2 === 0 ? r : r * 0.45;
    points.push(`${n(cx + Math.cos(angle) * radius)},${n(cy + Math.sin(angle) * radius)}`);
  }
  return `<polygon points="${points.join(' ')}" fill="${fill}"/>`;
}

function glass(fill: string): string {
  return `<path d="M-18 -40 L18 -40 L10 0 L-10 0 Z" fill="${fill}" stroke="#8a6d00" stroke-width="3"/><rect x="-3" y="0" width="6" height="26" fill="#c9c9c9"/><rect x="-14" y="24" width="28" height="6" rx="3" fill="#c9c9c9"/>`;
}

const CONFETTI = ['#e8304f', '#2fa4ff', '#35c26b', '#ffb000', '#a35cff'];

/** Every drawing by the GIF's id. */
export const ART: Readonly<Record<string, (t: number) => string>> = {
  hello: (t) =>
    `${background('#dff3ff')}${face(88, 110, 56)}${eyes(1, 18, -12)}${smile(24, 14)}` +
    `<g transform="translate(158 150) rotate(${n(wave(t) * 22)})">${hand()}</g>`,
  love: (t) => {
    const beat = 1 + 0.14 * Math.max(0, wave(t)) + 0.06 * Math.max(0, wave(t, 0.3));
    return `${background('#ffe3ea')}${heart(100, 112, 150 * beat)}${heart(160, 50, 30, PINK, 0.7)}${heart(40, 160, 24, PINK, 0.6)}`;
  },
  laugh: (t) => {
    const dy = Math.abs(wave(t)) * -8;
    return (
      `${background('#fff4c2')}<g transform="translate(0 ${n(dy)})">${face()}` +
      `<path d="M68 88 Q78 78 88 88 M112 88 Q122 78 132 88" fill="none" stroke="${INK}" stroke-width="6" stroke-linecap="round"/>` +
      `<path d="M64 112 Q100 112 136 112 Q132 152 100 154 Q68 152 64 112Z" fill="${INK}"/><path d="M80 138 Q100 128 120 138 Q112 150 100 150 Q88 150 80 138Z" fill="${RED}"/>` +
      `<ellipse cx="${n(52 - Math.abs(wave(t)) * 4)}" cy="100" rx="6" ry="10" fill="#5ab8ff"/><ellipse cx="${n(148 + Math.abs(wave(t)) * 4)}" cy="100" rx="6" ry="10" fill="#5ab8ff"/></g>`
    );
  },
  wink: (t) => {
    const closed = t > 0.35 && t < 0.75;
    const right = closed
      ? `<path d="M112 92 Q122 84 132 92" fill="none" stroke="${INK}" stroke-width="6" stroke-linecap="round"/>`
      : `<ellipse cx="122" cy="90" rx="7" ry="10" fill="${INK}"/>`;
    return `${background('#e8f7e0')}${face()}<ellipse cx="78" cy="90" rx="7" ry="10" fill="${INK}"/>${right}<path d="M72 124 Q104 ${closed ? 150 : 140} 132 ${closed ? 116 : 122}" fill="none" stroke="${INK}" stroke-width="6" stroke-linecap="round"/>`;
  },
  kiss: (t) => {
    const rise = t * 70;
    return (
      `${background('#ffe8f3')}${face(92)}${eyes(0.25, 0, -8)}` +
      `<path d="M92 116 q12 6 0 12 q12 6 0 12" fill="none" stroke="${INK}" stroke-width="6" stroke-linecap="round"/>` +
      heart(140, 110 - rise, 26 + t * 16, RED, 1 - t * 0.8)
    );
  },
  dance: (t) => {
    const swing = wave(t) * 30;
    const hue = Math.round(t * 360);
    return (
      `${background(`hsl(${hue} 80% 88%)`)}<g transform="translate(100 0) rotate(${n(swing / 4)} 0 150)" stroke="${INK}" stroke-width="8" stroke-linecap="round" fill="none">` +
      `<circle cx="0" cy="52" r="20" fill="${YELLOW}"/><path d="M0 72 L0 130"/>` +
      `<path d="M0 86 L${n(-34 - swing / 3)} ${n(62 + swing)}"/><path d="M0 86 L${n(34 - swing / 3)} ${n(62 - swing)}"/>` +
      `<path d="M0 130 L${n(-26 + swing / 3)} 178"/><path d="M0 130 L${n(26 + swing / 3)} 178"/></g>` +
      star(36, 40, 12, '#ffb000', t * TAU) +
      star(164, 150, 10, '#e8304f', -t * TAU)
    );
  },
  cheers: (t) => {
    const tilt = 8 + 14 * Math.max(0, wave(t));
    const bubbles = [0, 0.33, 0.66]
      .map((p, i) => `<circle cx="${80 + i * 20}" cy="${n(70 - ((t + p) % 1) * 50)}" r="4" fill="#ffe27a"/>`)
      .join('');
    return `${background('#2b2140')}<g transform="translate(74 130) rotate(${n(tilt)})">${glass('#ffd95a')}</g><g transform="translate(126 130) rotate(${n(-tilt)})">${glass('#ffd95a')}</g>${bubbles}`;
  },
  wow: (t) => {
    const open = 12 + 8 * Math.abs(wave(t));
    return (
      `${background('#e6e0ff')}${face()}<circle cx="78" cy="88" r="10" fill="#fff" stroke="${INK}" stroke-width="4"/><circle cx="122" cy="88" r="10" fill="#fff" stroke="${INK}" stroke-width="4"/>` +
      `<circle cx="78" cy="88" r="4" fill="${INK}"/><circle cx="122" cy="88" r="4" fill="${INK}"/>` +
      `<path d="M66 ${n(68 - open / 3)} Q78 ${n(60 - open / 3)} 90 ${n(68 - open / 3)} M110 ${n(68 - open / 3)} Q122 ${n(60 - open / 3)} 134 ${n(68 - open / 3)}" fill="none" stroke="${INK}" stroke-width="5" stroke-linecap="round"/>` +
      `<ellipse cx="100" cy="132" rx="${n(open * 0.8)}" ry="${n(open)}" fill="${INK}"/>` +
      star(168, 36, 10 + 4 * Math.abs(wave(t)), '#ffb000')
    );
  },
  sad: (t) =>
    `${background('#dde6f0')}${face()}${eyes(0.8, 4)}` +
    `<path d="M72 142 Q100 118 128 142" fill="none" stroke="${INK}" stroke-width="6" stroke-linecap="round"/>` +
    `<path d="M${n(80)} ${n(104 + t * 60)} q-6 10 0 14 q6 -4 0 -14Z" fill="#5ab8ff" opacity="${n(1 - t * 0.7)}"/>`,
  hug: (t) => {
    const close = 12 * Math.max(0, wave(t, -0.25));
    const happyEyes = (cx: number) =>
      `<path d="M${n(cx - 18)} 108 q6 -7 12 0 M${n(cx + 6)} 108 q6 -7 12 0" fill="none" stroke="${INK}" stroke-width="4" stroke-linecap="round"/>` +
      `<path d="M${n(cx - 10)} 124 q10 9 20 0" fill="none" stroke="${INK}" stroke-width="4" stroke-linecap="round"/>` +
      `<ellipse cx="${n(cx - 22)}" cy="120" rx="7" ry="4" fill="${PINK}"/><ellipse cx="${n(cx + 22)}" cy="120" rx="7" ry="4" fill="${PINK}"/>`;
    const left = 62 + close;
    const right = 138 - close;
    return (
      `${background('#ffeede')}${face(left, 116, 40)}${happyEyes(left)}${face(right, 116, 40)}${happyEyes(right)}` +
      `<path d="M${n(left - 30)} 150 Q${n(left + 20)} 176 ${n(right - 6)} 146" fill="none" stroke="#e0a000" stroke-width="9" stroke-linecap="round"/>` +
      `<path d="M${n(right + 30)} 150 Q${n(right - 20)} 176 ${n(left + 6)} 146" fill="none" stroke="#e0a000" stroke-width="9" stroke-linecap="round"/>` +
      heart(100, 54 - close, 22 + close * 1.4, RED, 0.5 + close / 24)
    );
  },
  party: (t) => {
    const confetti = Array.from({ length: 14 }, (_, i) => {
      const x = ((i * 37) % 190) + 5;
      const y = ((i * 53 + t * 200) % 210) - 10;
      return `<rect x="${x}" y="${n(y)}" width="8" height="12" rx="2" transform="rotate(${(i * 40 + Math.round(t * 360)) % 360} ${x + 4} ${n(y + 6)})" fill="${CONFETTI[i % CONFETTI.length] ?? RED}"/>`;
    }).join('');
    return `${background('#fff0f6')}${face(100, 118, 54)}${eyes(1, 22)}${smile(26, 18)}<path d="M78 70 L100 12 L122 70Z" fill="#2fa4ff"/><circle cx="100" cy="12" r="8" fill="#ffb000"/>${confetti}`;
  },
  cool: (t) => {
    const slide = Math.min(1, t * 2);
    const y = 40 + slide * 46;
    return (
      `${background('#d8f5f0')}${face()}${smile(20, 4)}` +
      `<g transform="translate(0 ${n(y - 86)})"><rect x="58" y="76" width="38" height="24" rx="8" fill="#1d1d1d"/><rect x="104" y="76" width="38" height="24" rx="8" fill="#1d1d1d"/><path d="M96 84 L104 84 M40 80 L58 84 M142 84 L160 80" stroke="#1d1d1d" stroke-width="5"/></g>` +
      (slide === 1 ? star(150, 60, 8 + 4 * Math.abs(wave(t)), '#fff') : '')
    );
  },
  thumbs_up: (t) => {
    const bob = wave(t) * 8;
    const fingers = [0, 1, 2, 3]
      .map(
        (i) =>
          `<rect x="-6" y="${-14 + i * 17}" width="46" height="17" rx="8.5" fill="${YELLOW}" stroke="#e0a000" stroke-width="3"/>`,
      )
      .join('');
    return (
      `${background('#e5f6ff')}<g transform="translate(96 ${n(112 + bob)}) rotate(${n(-bob)})">` +
      `<rect x="-34" y="-16" width="56" height="70" rx="16" fill="${YELLOW}" stroke="#e0a000" stroke-width="4"/>${fingers}` +
      `<rect x="-34" y="-78" width="22" height="70" rx="11" transform="rotate(-12 -23 -10)" fill="${YELLOW}" stroke="#e0a000" stroke-width="4"/>` +
      `<rect x="-54" y="-12" width="20" height="64" rx="4" fill="#2fa4ff"/></g>`
    );
  },
  fire: (t) => {
    const flick = (p: number) => n(wave(t, p) * 6);
    return (
      `${background('#2a1212')}<path d="M100 ${n(24 + Number(flick(0)))} C134 66 156 96 148 132 C140 168 118 180 100 180 C78 180 52 166 50 134 C48 106 66 96 ${n(72 + Number(flick(0.2)))} 70 C78 92 88 96 92 88 C96 70 88 46 100 24Z" fill="#ff5a1f"/>` +
      `<path d="M100 ${n(92 + Number(flick(0.5)))} C118 112 128 130 124 148 C120 166 110 172 100 172 C88 172 76 164 76 148 C76 128 92 116 100 92Z" fill="#ffc21f"/>`
    );
  },
  blush: (t) => {
    const glow = 0.35 + 0.45 * Math.abs(wave(t));
    return (
      `${background('#fff0f0')}${face()}` +
      `<path d="M68 92 Q78 84 88 92 M112 92 Q122 84 132 92" fill="none" stroke="${INK}" stroke-width="6" stroke-linecap="round"/>${smile(16, 6)}` +
      `<ellipse cx="66" cy="114" rx="14" ry="9" fill="${PINK}" opacity="${n(glow)}"/><ellipse cx="134" cy="114" rx="14" ry="9" fill="${PINK}" opacity="${n(glow)}"/>`
    );
  },
  heart_eyes: (t) => {
    const beat = 34 + 8 * Math.abs(wave(t * 2));
    return `${background('#ffe3ea')}${face()}${heart(78, 90, beat)}${heart(122, 90, beat)}${smile(30, 4)}`;
  },
  thinking: (t) => {
    const dots = [0, 1, 2]
      .map(
        (i) =>
          `<circle cx="${128 + i * 18}" cy="36" r="7" fill="${INK}" opacity="${Math.floor(t * 4) > i ? 1 : 0.2}"/>`,
      )
      .join('');
    return (
      `${background('#eef0f4')}${face(92, 114, 56)}${eyes(1, 20, -10)}` +
      `<path d="M76 140 L112 134" stroke="${INK}" stroke-width="6" stroke-linecap="round"/>` +
      `<ellipse cx="146" cy="36" rx="38" ry="22" fill="#fff" stroke="${INK}" stroke-width="3"/>${dots}`
    );
  },
  sleepy: (t) => {
    const zs = [0, 0.33, 0.66]
      .map((p) => {
        const k = (t + p) % 1;
        const size = 14 + k * 14;
        const x = 140 + k * 30;
        const y = 90 - k * 70;
        return `<path d="M${n(x)} ${n(y)} h${n(size)} l${n(-size)} ${n(size)} h${n(size)}" fill="none" stroke="#5b6cff" stroke-width="4" opacity="${n(1 - k)}"/>`;
      })
      .join('');
    return (
      `${background('#1d2340')}<circle cx="40" cy="40" r="18" fill="#fff3b0"/><circle cx="48" cy="34" r="16" fill="#1d2340"/>${face(90, 118, 56)}` +
      `<path d="M62 114 Q72 122 82 114 M98 114 Q108 122 118 114" fill="none" stroke="${INK}" stroke-width="5" stroke-linecap="round"/><ellipse cx="90" cy="146" rx="8" ry="6" fill="${INK}"/>${zs}`
    );
  },
  coffee: (t) => {
    const steam = [0, 1, 2]
      .map((i) => {
        const x = 78 + i * 22;
        const s = wave(t, i / 3) * 6;
        return `<path d="M${x} 86 q${n(s + 8)} -14 0 -26 q${n(-s - 8)} -12 0 -26" fill="none" stroke="#b9a89a" stroke-width="5" stroke-linecap="round" opacity="${n(0.5 + 0.5 * Math.abs(wave(t, i / 3)))}"/>`;
      })
      .join('');
    return `${background('#f6ead8')}${steam}<path d="M52 96 H148 L140 168 Q138 178 126 178 H74 Q62 178 60 168Z" fill="#fff" stroke="#8a5a3c" stroke-width="4"/><path d="M146 110 q30 0 26 26 q-4 20 -30 18" fill="none" stroke="#8a5a3c" stroke-width="8"/><ellipse cx="100" cy="100" rx="44" ry="7" fill="#6b3e22"/>`;
  },
  rose: (t) => {
    const sway = wave(t) * 8;
    return (
      `${background('#fdeef2')}<g transform="rotate(${n(sway)} 100 190)"><path d="M100 190 C96 160 104 130 100 98" stroke="#2e8b3e" stroke-width="6" fill="none"/>` +
      `<path d="M100 150 q-30 -6 -36 -26 q26 0 36 26Z M101 136 q28 -10 32 -30 q-26 2 -32 30Z" fill="#3aa34a"/>` +
      `<circle cx="100" cy="74" r="32" fill="${RED}"/><path d="M80 70 q20 -26 40 0 q-20 14 -40 0Z M88 62 q12 -14 24 0" fill="none" stroke="#a3122e" stroke-width="4"/></g>`
    );
  },
  sparkle: (t) =>
    background('#241a4a') +
    [
      [100, 100, 44, 0],
      [44, 52, 18, 0.25],
      [156, 56, 22, 0.5],
      [52, 156, 16, 0.75],
      [154, 152, 14, 0.4],
    ]
      .map(([x = 0, y = 0, r = 0, p = 0]) => star(x, y, r * (0.6 + 0.4 * Math.abs(wave(t, p))), '#ffe27a', t * Math.PI))
      .join(''),
  bye: (t) =>
    `${background('#ffe9d6')}<g transform="translate(100 170) rotate(${n(wave(t * 2) * 26)})">${hand()}</g>` +
    `<path d="M40 60 q-10 20 0 40 M28 52 q-16 28 0 56 M160 60 q10 20 0 40 M172 52 q16 28 0 56" fill="none" stroke="#e0a000" stroke-width="5" stroke-linecap="round" opacity="${n(0.4 + 0.6 * Math.abs(wave(t * 2)))}"/>`,
  applause: (t) => {
    const gap = 6 + 22 * Math.abs(wave(t * 2));
    return (
      `${background('#e8f5e9')}<g transform="translate(${n(100 - gap)} 168) rotate(18)">${hand()}</g><g transform="translate(${n(100 + gap)} 168) rotate(-18) scale(-1 1)">${hand()}</g>` +
      (gap < 12 ? star(100, 40, 14, '#ffb000') + star(60, 54, 8, '#e8304f') + star(140, 54, 8, '#2fa4ff') : '')
    );
  },
  rainbow: (t) => {
    const colours = ['#e8304f', '#ff8a00', '#ffd500', '#35c26b', '#2fa4ff', '#7a4bff'];
    const reveal = Math.min(1, t * 1.6);
    const arcs = colours
      .map((colour, i) => {
        const r = 80 - i * 10;
        const length = Math.PI * r;
        return `<path d="M${100 - r} 150 A${r} ${r} 0 0 1 ${100 + r} 150" fill="none" stroke="${colour}" stroke-width="10" stroke-dasharray="${n(length)}" stroke-dashoffset="${n(length * (1 - reveal))}"/>`;
      })
      .join('');
    return `${background('#e9f6ff')}${arcs}<ellipse cx="30" cy="156" rx="26" ry="14" fill="#fff"/><ellipse cx="170" cy="156" rx="26" ry="14" fill="#fff"/>`;
  },
};
