import { mount } from 'svelte';
import '../app.css';
import Guest from './Guest.svelte';
import { applyTheme, savedTheme } from '../lib/theme';

applyTheme(savedTheme());
mount(Guest, { target: document.getElementById('app')! });
