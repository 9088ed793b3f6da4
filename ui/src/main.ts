import { mount } from 'svelte';
import './app.css';
import App from './App.svelte';
import { applyTheme, savedTheme } from './lib/theme';
import { markStartup } from './lib/startup';
import { relayoutOnResize } from './lib/relayout';

markStartup('script');

applyTheme(savedTheme());
relayoutOnResize();

mount(App, { target: document.getElementById('app')! });
markStartup('mounted');
