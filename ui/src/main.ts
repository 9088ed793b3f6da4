import { mount } from 'svelte';
import './app.css';
import App from './App.svelte';
import { applyTheme, savedTheme } from './lib/theme';
import { markStartup } from './lib/startup';

markStartup('script');

applyTheme(savedTheme());

mount(App, { target: document.getElementById('app')! });
markStartup('mounted');
