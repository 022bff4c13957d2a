/** Brand theme for Tailwind 4 (loaded from src/styles/global.css with @config). */
export default {
  content: ['./src/**/*.{astro,html,ts,tsx}'],
  theme: {
    extend: {
      colors: {
        brand: {
          50: '#eef5ff',
          100: '#d9e8ff',
          200: '#bcd6ff',
          300: '#8ebcff',
          400: '#5996ff',
          500: '#336ff5',
          600: '#1f51d6',
          700: '#1a40ad',
          800: '#1b388a',
          900: '#1c326e',
          950: '#0b1838',
        },
        accent: { 400: '#f5b544', 500: '#e89a1c', 600: '#c67b0f' },
        ink: { DEFAULT: '#0f172a', muted: '#475569', soft: '#64748b' },
      },
      maxWidth: { content: '76rem' },
    },
  },
};
