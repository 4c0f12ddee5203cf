import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell', args: ['--no-sandbox', '--disable-gpu', ...(process.argv.slice(2))] });
const page = await browser.newPage();
await page.goto('chrome://gpu');
await page.waitForTimeout(1500);
const text = await page.evaluate(() => document.body.innerText);
console.log(text.slice(0, 1500));
await browser.close();
